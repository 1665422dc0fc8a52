/** Ending staff sessions: one, all of a member's, or all on a second-factor reset; audited. */
import { eq } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { StaffAuth } from '../../platform/staff-guard.ts';
import type { Meta, StaffAuthDeps } from './staff-auth-deps.ts';
import { staffSessionsChanged } from './staff-session-cache.ts';
import { revokeAll } from './staff-sessions.ts';
import { staffSessions } from './tables.ts';

export async function signOut(deps: StaffAuthDeps, auth: StaffAuth, meta: Meta) {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    await tx
      .update(staffSessions)
      .set({ revokedAt: clock.now(), revokeReason: 'sign-out' })
      .where(eq(staffSessions.id, auth.sessionId));
    await recordAudit(
      tx,
      { type: 'staff', id: auth.staffId, ip: meta.ip },
      {
        action: 'staff.sign_out',
        subjectType: 'staff',
        subjectId: auth.staffId,
      },
    );
  });
  await staffSessionsChanged(deps.sessions);
}

/** Ends every session of this staff member, on every device. */
export async function signOutEverywhere(deps: StaffAuthDeps, auth: StaffAuth, meta: Meta) {
  await deps.db.transaction(async (tx) => {
    await revokeAll(deps, tx, auth.staffId, 'sign-out everywhere');
    await recordAudit(
      tx,
      { type: 'staff', id: auth.staffId, ip: meta.ip },
      {
        action: 'staff.sign_out_everywhere',
        subjectType: 'staff',
        subjectId: auth.staffId,
      },
    );
  });
  await staffSessionsChanged(deps.sessions);
}

/** An admin clears a lost authenticator: the next sign-in enrols again. */
export async function resetTotp(deps: StaffAuthDeps, id: string, actor: Actor) {
  const { db, staff } = deps;
  await db.transaction(async (tx) => {
    const row = await staff.findById(id, tx);
    if (!row) throw notFound('No such staff member.');
    await staff.clearTotp(tx, id);
    await revokeAll(deps, tx, id, 'second factor reset');
    await recordAudit(tx, actor, {
      action: 'staff.totp.reset',
      subjectType: 'staff',
      subjectId: id,
      before: { totpEnrolled: row.totpEnabledAt !== null },
      after: { totpEnrolled: false },
    });
  });
  await staffSessionsChanged(deps.sessions);
}
