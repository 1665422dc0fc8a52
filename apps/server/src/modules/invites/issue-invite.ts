/** Issuing a code for an active advisor, and revoking one; both audited. */
import { eq } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { randomCode } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import type { StaffRow } from '../staff/service.ts';
import type { InviteDeps, InviteRow } from './invite-deps.ts';
import { invitationCodes } from './tables.ts';

export async function createInvite(
  { db, clock }: InviteDeps,
  advisor: StaffRow,
  options: { maxUses?: number; expiresInMs?: number; note?: string },
  actor: Actor,
): Promise<InviteRow> {
  if (!advisor.active || !advisor.roles.includes('advisor')) {
    throw badRequest(`${advisor.email} is not an active advisor.`);
  }
  const maxUses = options.maxUses ?? 1;
  if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > 10_000) {
    throw badRequest('Uses must be a whole number from 1 to 10000.');
  }
  const expiresAt = options.expiresInMs
    ? new Date(clock.now().getTime() + options.expiresInMs)
    : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invitationCodes)
      .values({
        code: randomCode(8),
        advisorId: advisor.id,
        maxUses,
        expiresAt,
        note: options.note ?? null,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'invite.create',
      subjectType: 'invitation_code',
      subjectId: row!.id,
      after: { code: row!.code, advisor: advisor.email, maxUses, expiresAt },
    });
    return row!;
  });
}

/** Revokes a code; a staff `viewer` revokes only codes they may act on. */
export async function revokeInvite(
  { db, clock }: InviteDeps,
  code: string,
  actor: Actor,
  viewer?: Viewer,
): Promise<InviteRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(invitationCodes)
      .where(eq(invitationCodes.code, code.toUpperCase()));
    if (!before) throw notFound('No such invitation code.');
    if (viewer) assertActsFor(viewer, before.advisorId);
    if (before.revokedAt) return before;
    const [after] = await tx
      .update(invitationCodes)
      .set({ revokedAt: clock.now() })
      .where(eq(invitationCodes.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'invite.revoke',
      subjectType: 'invitation_code',
      subjectId: before.id,
      before: { revokedAt: null },
      after: { revokedAt: after!.revokedAt },
    });
    return after!;
  });
}
