/** The steps sign-in shares: a failed step counted, a challenge spent, a session opened or ended. */
import { and, eq, isNull } from 'drizzle-orm';
import { CM, type TStaffMe, type TStaffRole, type TStaffSession } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { addMs } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { badRequest, tooMany } from '../../platform/errors.ts';
import { totpStep as totpStepAt } from '../../platform/totp.ts';
import type { StaffRow } from '../staff/service.ts';
import {
  type Meta,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  STAFF_LOCKOUT,
  type StaffAuthDeps,
} from './staff-auth-deps.ts';
import { staffChallenges, staffSessions } from './tables.ts';

export const me = (row: StaffRow): TStaffMe => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles as TStaffRole[],
});

export const totpStep = ({ clock }: StaffAuthDeps, secret: string, code: string) =>
  totpStepAt(secret, code, clock.now());

export async function fail(
  { staff, clock }: StaffAuthDeps,
  row: StaffRow,
  message: string,
): Promise<never> {
  const after = await staff.recordSignInFailure(row.id, STAFF_LOCKOUT, clock.now());
  if (after?.lockedUntil && after.lockedUntil > clock.now()) throw tooMany(CM.locked);
  throw badRequest(message);
}

export async function revokeAll(
  { clock }: StaffAuthDeps,
  executor: Executor,
  staffId: string,
  reason: string,
) {
  await executor
    .update(staffSessions)
    .set({ revokedAt: clock.now(), revokeReason: reason })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

export async function openSession(
  { clock, staff }: StaffAuthDeps,
  tx: Executor,
  row: StaffRow,
  meta: Meta,
  recoveryLeft: number,
): Promise<TStaffSession> {
  const now = clock.now();
  const token = randomToken();
  const expiresAt = addMs(now, SESSION_MAX_MS);
  await tx.insert(staffSessions).values({
    staffId: row.id,
    tokenHash: sha256(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  await staff.markSignedIn(tx, row.id, now);
  return {
    token,
    expires_at: expiresAt.toISOString(),
    idle_timeout_s: SESSION_IDLE_MS / 1000,
    staff: me(row),
    recovery_codes_left: recoveryLeft,
  };
}

export async function spendChallenge(
  { clock }: StaffAuthDeps,
  tx: Executor,
  id: string,
): Promise<boolean> {
  const rows = await tx
    .update(staffChallenges)
    .set({ usedAt: clock.now() })
    .where(and(eq(staffChallenges.id, id), isNull(staffChallenges.usedAt)))
    .returning({ id: staffChallenges.id });
  return rows.length === 1;
}
