/** An admin creates staff members, replaces their roles, activates or deactivates them; audited. */
import { eq } from 'drizzle-orm';
import { md5, STAFF_ROLES, type TStaffRole } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { hashSecret } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { findByEmail, findById, normalizeEmail, type StaffRow } from './staff-rows.ts';
import { staff } from './tables.ts';

/**
 * Told once a member's roles or standing have committed: the sign-in module's copies of
 * sessions (staff-auth/staff-session-cache.ts) carry them. Resolves when none is stale.
 */
export type MembersChanged = () => Promise<void>;

const checkRoles = (roles: TStaffRole[]) => {
  if (roles.length === 0 || roles.some((r) => !STAFF_ROLES.includes(r))) {
    throw badRequest(`Role must be one of: ${STAFF_ROLES.join(', ')}.`);
  }
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates a staff member. The password is stored as scrypt(md5(password)), the same
 * shape as a client's, because the console sends MD5 like the client app does.
 */
export async function createStaff(
  db: Db,
  input: { email: string; name?: string; roles: TStaffRole[]; password: string },
  actor: Actor,
): Promise<StaffRow> {
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email)) throw badRequest('Enter a valid email address.');
  checkRoles(input.roles);
  if (input.password.length < 10) throw badRequest('Staff passwords need at least 10 characters.');
  const passwordHash = await hashSecret(md5(input.password));
  return db.transaction(async (tx) => {
    if (await findByEmail(tx, email))
      throw conflict(`A staff member with ${email} already exists.`);
    const [row] = await tx
      .insert(staff)
      .values({
        email,
        name: input.name ?? email.split('@')[0]!,
        roles: input.roles,
        passwordHash,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'staff.create',
      subjectType: 'staff',
      subjectId: row!.id,
      after: { email, roles: input.roles },
    });
    return row!;
  });
}

/** Replaces a staff member's roles. */
export async function setRoles(
  db: Db,
  id: string,
  roles: TStaffRole[],
  actor: Actor,
  membersChanged: MembersChanged,
): Promise<StaffRow> {
  checkRoles(roles);
  const row = await db.transaction(async (tx) => {
    const before = await findById(tx, id);
    if (!before) throw notFound('No such staff member.');
    const [after] = await tx.update(staff).set({ roles }).where(eq(staff.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'staff.roles',
      subjectType: 'staff',
      subjectId: id,
      before: { roles: before.roles },
      after: { roles },
    });
    return after!;
  });
  await membersChanged();
  return row;
}

/**
 * Activates or deactivates. `inTx` runs in the same transaction (the sign-in module
 * revokes the member's sessions there).
 */
export async function setActive(
  db: Db,
  id: string,
  active: boolean,
  actor: Actor,
  inTx: (tx: Executor) => Promise<void>,
  membersChanged: MembersChanged,
): Promise<StaffRow> {
  const row = await db.transaction(async (tx) => {
    const before = await findById(tx, id);
    if (!before) throw notFound('No such staff member.');
    const [after] = await tx.update(staff).set({ active }).where(eq(staff.id, id)).returning();
    await inTx(tx);
    await recordAudit(tx, actor, {
      action: active ? 'staff.activate' : 'staff.deactivate',
      subjectType: 'staff',
      subjectId: id,
      before: { active: before.active },
      after: { active },
    });
    return after!;
  });
  await membersChanged();
  return row;
}
