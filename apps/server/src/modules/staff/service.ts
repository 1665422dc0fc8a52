/** Staff accounts. The console adds sign-in with a second factor on top of these rows. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { md5, STAFF_ROLES, type TStaffRole } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { hashSecret, needsRehash } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { staff } from './tables.ts';

export type StaffRow = typeof staff.$inferSelect;

/** What the console shows of a staff member: never a hash or a secret. */
export type TStaffView = {
  id: string;
  email: string;
  name: string;
  roles: TStaffRole[];
  active: boolean;
  totp_enrolled: boolean;
  locked_until: string | null;
  last_login_at: string | null;
  created_at: string;
};

export const toStaffView = (row: StaffRow): TStaffView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles as TStaffRole[],
  active: row.active,
  totp_enrolled: row.totpEnabledAt !== null,
  locked_until: row.lockedUntil?.toISOString() ?? null,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const checkRoles = (roles: TStaffRole[]) => {
  if (roles.length === 0 || roles.some((r) => !STAFF_ROLES.includes(r))) {
    throw badRequest(`Role must be one of: ${STAFF_ROLES.join(', ')}.`);
  }
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createStaffService(db: Db) {
  return {
    async findByEmail(email: string, executor: Executor = db): Promise<StaffRow | undefined> {
      const [row] = await executor
        .select()
        .from(staff)
        .where(eq(staff.email, normalizeEmail(email)));
      return row;
    },

    async findById(id: string, executor: Executor = db): Promise<StaffRow | undefined> {
      const [row] = await executor.select().from(staff).where(eq(staff.id, id));
      return row;
    },

    /**
     * Creates a staff member. The password is stored as scrypt(md5(password)), the same
     * shape as a client's, because the console sends MD5 like the client app does.
     */
    async createStaff(
      input: { email: string; name?: string; roles: TStaffRole[]; password: string },
      actor: Actor,
    ): Promise<StaffRow> {
      const email = normalizeEmail(input.email);
      if (!EMAIL.test(email)) throw badRequest('Enter a valid email address.');
      checkRoles(input.roles);
      if (input.password.length < 10)
        throw badRequest('Staff passwords need at least 10 characters.');
      const passwordHash = await hashSecret(md5(input.password));
      return db.transaction(async (tx) => {
        if (await this.findByEmail(email, tx))
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
    },

    async listStaff(executor: Executor = db): Promise<StaffRow[]> {
      return executor.select().from(staff).orderBy(asc(staff.email));
    },

    /**
     * Emails and names of some staff members, in one query, for lists other modules show
     * (who wrote an article, who decided a deposit, whose invitation code it is).
     */
    async namesOf(ids: (string | null)[], executor: Executor = db) {
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      const rows = wanted.length
        ? await executor
            .select({ id: staff.id, email: staff.email, name: staff.name })
            .from(staff)
            .where(inArray(staff.id, wanted))
        : [];
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Replaces a staff member's roles. */
    async setRoles(id: string, roles: TStaffRole[], actor: Actor): Promise<StaffRow> {
      checkRoles(roles);
      return db.transaction(async (tx) => {
        const before = await this.findById(id, tx);
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
    },

    /**
     * Activates or deactivates. `inTx` runs in the same transaction (the sign-in module
     * revokes the member's sessions there).
     */
    async setActive(
      id: string,
      active: boolean,
      actor: Actor,
      inTx: (tx: Executor) => Promise<void> = async () => {},
    ): Promise<StaffRow> {
      return db.transaction(async (tx) => {
        const before = await this.findById(id, tx);
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
    },

    // ----- credential state, written only by the sign-in module (staff-auth) -----

    /** Counts a failed sign-in step; locks the account once `limit` failures are reached. */
    async recordSignInFailure(id: string, rule: { limit: number; lockMs: number }, now: Date) {
      const lockUntil = new Date(now.getTime() + rule.lockMs);
      const [row] = await db
        .update(staff)
        .set({
          failedLogins: sql`case when ${staff.failedLogins} + 1 >= ${rule.limit} then 0 else ${staff.failedLogins} + 1 end`,
          lockedUntil: sql`case when ${staff.failedLogins} + 1 >= ${rule.limit} then ${lockUntil} else ${staff.lockedUntil} end`,
        })
        .where(eq(staff.id, id))
        .returning({ failedLogins: staff.failedLogins, lockedUntil: staff.lockedUntil });
      return row;
    },

    /**
     * After a correct password: an old (scrypt) hash becomes argon2id of the password just
     * proven. Hashes outside any transaction; guarded by the old hash so a password changed
     * meanwhile is never overwritten.
     */
    async upgradePasswordHash(row: StaffRow, passwordMd5: string) {
      if (!needsRehash(row.passwordHash)) return;
      const passwordHash = await hashSecret(passwordMd5);
      await db
        .update(staff)
        .set({ passwordHash })
        .where(and(eq(staff.id, row.id), eq(staff.passwordHash, row.passwordHash)));
    },

    async markSignedIn(tx: Executor, id: string, now: Date) {
      await tx
        .update(staff)
        .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now })
        .where(eq(staff.id, id));
    },

    async enableTotp(
      tx: Executor,
      id: string,
      secretEnc: string,
      recoveryHashes: string[],
      step: number,
      now: Date,
    ) {
      await tx
        .update(staff)
        .set({
          totpSecretEnc: secretEnc,
          totpEnabledAt: now,
          recoveryCodeHashes: recoveryHashes,
          totpLastStep: step,
        })
        .where(eq(staff.id, id));
    },

    /** Accepts a TOTP time step only if it is newer than the last one used (no replay). */
    async claimTotpStep(tx: Executor, id: string, step: number): Promise<boolean> {
      const rows = await tx
        .update(staff)
        .set({ totpLastStep: step })
        .where(
          sql`${staff.id} = ${id} and (${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`,
        )
        .returning({ id: staff.id });
      return rows.length === 1;
    },

    /** Spends one recovery code: succeeds only if the hash is still in the list. */
    async spendRecoveryHash(tx: Executor, id: string, hash: string): Promise<boolean> {
      const rows = await tx
        .update(staff)
        .set({ recoveryCodeHashes: sql`array_remove(${staff.recoveryCodeHashes}, ${hash})` })
        .where(sql`${staff.id} = ${id} and ${hash} = any(${staff.recoveryCodeHashes})`)
        .returning({ id: staff.id });
      return rows.length === 1;
    },

    async clearTotp(tx: Executor, id: string) {
      await tx
        .update(staff)
        .set({
          totpSecretEnc: null,
          totpEnabledAt: null,
          recoveryCodeHashes: [],
          totpLastStep: null,
          failedLogins: 0,
          lockedUntil: null,
        })
        .where(eq(staff.id, id));
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
