/** A bearer token resolved to a live session, and the signed-in member's own record. */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { CM, type TStaffMe, type TStaffRole } from '@sampada/shared';
import { builtOnce } from '../../db/prepared.ts';
import { sha256 } from '../../platform/crypto.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { StaffAuth } from '../../platform/staff-guard.ts';
import { signedInMemberOf } from '../staff/service.ts';
import { SESSION_IDLE_MS, type StaffAuthDeps, TOUCH_AFTER_MS } from './staff-auth-deps.ts';
import { readStaffSession } from './staff-session-cache.ts';
import { me } from './staff-sessions.ts';
import { staffSessions } from './tables.ts';

/**
 * Every console request looks its session and its member up, in one statement (the staff
 * module's subquery names its own table): built once (db/prepared.ts).
 */
const sessionByToken = builtOnce((executor) =>
  executor
    .select({ ...getTableColumns(staffSessions), member: signedInMemberOf(staffSessions.staffId) })
    .from(staffSessions)
    .where(eq(staffSessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('staff_session_and_member_by_token'),
);

export type StaffSessionRow = Awaited<
  ReturnType<ReturnType<typeof sessionByToken>['execute']>
>[number];

/** Resolves a bearer token to a live session of an active staff member; 401 otherwise. */
export async function authenticateStaff(
  { db, clock, sessions }: StaffAuthDeps,
  token: string,
): Promise<StaffAuth> {
  const now = clock.now();
  const tokenHash = sha256(token);
  // Idle and lifetime limits are checked against now on every request, copy or not.
  const session = await readStaffSession(sessions, tokenHash, async () => {
    const [row] = await sessionByToken(db).execute({ tokenHash });
    return row;
  });
  if (
    !session ||
    session.revokedAt ||
    session.expiresAt <= now ||
    session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now.getTime() ||
    !session.member?.active
  ) {
    throw unauthorized(CM.sessionExpired);
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.id));
    // The copy this instance holds is the row it read: it learns its own touch, or a request
    // within its TTL would measure idleness from the time before it.
    session.lastSeenAt = now;
  }
  return {
    staffId: session.staffId,
    sessionId: session.id,
    roles: session.member.roles as TStaffRole[],
    email: session.member.email,
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
