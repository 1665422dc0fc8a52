/** Staff accounts. The console adds sign-in with a second factor on top of these rows. */
import { eq } from 'drizzle-orm';
import type { TStaffRole } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { createStaff, type MembersChanged, setActive, setRoles } from './manage-staff.ts';
import {
  claimTotpStep,
  clearTotp,
  enableTotp,
  recordSignInFailure,
  spendRecoveryHash,
  upgradePasswordHash,
} from './staff-credentials.ts';
import { findByEmail, findById, listStaff, namesOf, type StaffRow } from './staff-rows.ts';
import { staff } from './tables.ts';

export {
  normalizeEmail,
  type SignedInMember,
  signedInMemberOf,
  type StaffRow,
} from './staff-rows.ts';

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

export function createStaffService(db: Db, membersChanged: MembersChanged) {
  return {
    findByEmail: (email: string, executor: Executor = db) => findByEmail(executor, email),
    findById: (id: string, executor: Executor = db) => findById(executor, id),

    /** Creates a staff member; the password is stored as a hash of its MD5 (manage-staff.ts). */
    createStaff: (
      input: { email: string; name?: string; roles: TStaffRole[]; password: string },
      actor: Actor,
    ) => createStaff(db, input, actor),

    listStaff: (executor: Executor = db) => listStaff(executor),

    /** Emails and names of some staff members, in one query, for other modules' lists. */
    namesOf: (ids: (string | null)[], executor: Executor = db) => namesOf(executor, ids),

    /** Replaces a staff member's roles. */
    setRoles: (id: string, roles: TStaffRole[], actor: Actor) =>
      setRoles(db, id, roles, actor, membersChanged),

    /**
     * Activates or deactivates. `inTx` runs in the same transaction (the sign-in module
     * revokes the member's sessions there).
     */
    setActive: (
      id: string,
      active: boolean,
      actor: Actor,
      inTx: (tx: Executor) => Promise<void> = async () => {},
    ) => setActive(db, id, active, actor, inTx, membersChanged),

    // ----- credential state, written only by the sign-in module (staff-auth) -----

    /** Counts a failed sign-in step; locks the account once `limit` failures are reached. */
    recordSignInFailure: (id: string, rule: { limit: number; lockMs: number }, now: Date) =>
      recordSignInFailure(db, id, rule, now),

    /** After a correct password, an old hash becomes argon2id (staff-credentials.ts). */
    upgradePasswordHash: (row: StaffRow, passwordMd5: string) =>
      upgradePasswordHash(db, row, passwordMd5),

    async markSignedIn(tx: Executor, id: string, now: Date) {
      await tx
        .update(staff)
        .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now })
        .where(eq(staff.id, id));
    },

    enableTotp,
    claimTotpStep,
    spendRecoveryHash,
    clearTotp,
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
