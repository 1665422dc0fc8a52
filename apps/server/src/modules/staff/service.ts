/** Staff accounts. The console adds sign-in with a second factor on top of these rows. */
import { eq } from 'drizzle-orm';
import { md5, STAFF_ROLES, type TStaffRole } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { hashSecret } from '../../platform/crypto.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { staff } from './tables.ts';

export type StaffRow = typeof staff.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createStaffService(db: Db) {
  return {
    async findByEmail(email: string, executor: Executor = db): Promise<StaffRow | undefined> {
      const [row] = await executor.select().from(staff).where(eq(staff.email, normalizeEmail(email)));
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
      if (input.roles.length === 0 || input.roles.some((r) => !STAFF_ROLES.includes(r))) {
        throw badRequest(`Role must be one of: ${STAFF_ROLES.join(', ')}.`);
      }
      if (input.password.length < 10) throw badRequest('Staff passwords need at least 10 characters.');
      const passwordHash = await hashSecret(md5(input.password));
      return db.transaction(async (tx) => {
        if (await this.findByEmail(email, tx)) throw conflict(`A staff member with ${email} already exists.`);
        const [row] = await tx
          .insert(staff)
          .values({ email, name: input.name ?? email.split('@')[0]!, roles: input.roles, passwordHash })
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
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
