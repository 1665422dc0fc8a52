/** Credential state on a staff row, written only by the sign-in module (staff-auth). */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { hashSecret, needsRehash } from '../../platform/crypto.ts';
import type { StaffRow } from './staff-rows.ts';
import { staff } from './tables.ts';

/** Counts a failed sign-in step; locks the account once `limit` failures are reached. */
export async function recordSignInFailure(
  db: Db,
  id: string,
  rule: { limit: number; lockMs: number },
  now: Date,
) {
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
}

/**
 * After a correct password: an old (scrypt) hash becomes argon2id of the password just
 * proven. Hashes outside any transaction; guarded by the old hash so a password changed
 * meanwhile is never overwritten.
 */
export async function upgradePasswordHash(db: Db, row: StaffRow, passwordMd5: string) {
  if (!needsRehash(row.passwordHash)) return;
  const passwordHash = await hashSecret(passwordMd5);
  await db
    .update(staff)
    .set({ passwordHash })
    .where(and(eq(staff.id, row.id), eq(staff.passwordHash, row.passwordHash)));
}

export async function enableTotp(
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
}

/** Accepts a TOTP time step only if it is newer than the last one used (no replay). */
export async function claimTotpStep(tx: Executor, id: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(
      sql`${staff.id} = ${id} and (${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`,
    )
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** Spends one recovery code: succeeds only if the hash is still in the list. */
export async function spendRecoveryHash(tx: Executor, id: string, hash: string): Promise<boolean> {
  const rows = await tx
    .update(staff)
    .set({ recoveryCodeHashes: sql`array_remove(${staff.recoveryCodeHashes}, ${hash})` })
    .where(sql`${staff.id} = ${id} and ${hash} = any(${staff.recoveryCodeHashes})`)
    .returning({ id: staff.id });
  return rows.length === 1;
}

export async function clearTotp(tx: Executor, id: string) {
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
}
