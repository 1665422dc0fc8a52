/** A bearer token resolved to a live session, and the signed-in member's own record. */
import { eq, sql } from 'drizzle-orm';
import { CM, type TStaffMe, type TStaffRole } from '@sampada/shared';
import { builtOnce } from '../../db/prepared.ts';
import { sha256 } from '../../platform/crypto.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { StaffAuth } from '../../platform/staff-guard.ts';
import { SESSION_IDLE_MS, type StaffAuthDeps, TOUCH_AFTER_MS } from './staff-auth-deps.ts';
import { me } from './staff-sessions.ts';
import { staffSessions } from './tables.ts';

/** Every console request looks its session up: built once (db/prepared.ts). */
const sessionByToken = builtOnce((executor) =>
  executor
    .select()
    .from(staffSessions)
    .where(eq(staffSessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('staff_session_by_token'),
);

/** Resolves a bearer token to a live session of an active staff member; 401 otherwise. */
export async function authenticateStaff(
  { db, clock, staff }: StaffAuthDeps,
  token: string,
): Promise<StaffAuth> {
  const now = clock.now();
  const [session] = await sessionByToken(db).execute({ tokenHash: sha256(token) });
  if (
    !session ||
    session.revokedAt ||
    session.expiresAt <= now ||
    session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now.getTime()
  ) {
    throw unauthorized(CM.sessionExpired);
  }
  const row = await staff.findById(session.staffId);
  if (!row || !row.active) throw unauthorized(CM.sessionExpired);
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.id));
  }
  return {
    staffId: row.id,
    sessionId: session.id,
    roles: row.roles as TStaffRole[],
    email: row.email,
  };
}

export async function meOf(
  { staff }: StaffAuthDeps,
  staffId: string,
): Promise<TStaffMe & { recovery_codes_left: number }> {
  const row = await staff.findById(staffId);
  if (!row) throw notFound('No such staff member.');
  return { ...me(row), recovery_codes_left: row.recoveryCodeHashes.length };
}
