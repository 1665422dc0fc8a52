/**
 * Staff (or the operator CLI) approve, reject or reopen. Reject needs a reason. A staff
 * `viewer` acts only on clients they may act for, and is recorded as the checker.
 */
import { eq } from 'drizzle-orm';
import type { Actor } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import type { KycDeps } from './kyc-deps.ts';
import { KYC, type KycAction, KYC_TRANSITIONS } from './kyc-steps.ts';
import { latestSubmission } from './latest-submission.ts';
import { kycSubmissions } from './tables.ts';

export async function reviewKyc(
  deps: KycDeps,
  clientId: string,
  action: Exclude<KycAction, 'submit'>,
  actor: Actor,
  options: { reason?: string; viewer?: Viewer } = {},
) {
  const { db, clock, clients: clientService, events } = deps;
  if (options.viewer) assertActsFor(options.viewer, (await clientService.byId(clientId)).advisorId);
  const reason = options.reason?.trim() || null;
  if (action === 'reject' && !reason)
    throw badRequest('Give the client a reason for the rejection.');
  const rule = KYC_TRANSITIONS[action];
  const reviewed = await inTransaction(db, async (tx) => {
    await clientService.transitionKyc(tx, clientId, KYC, action, {
      at: clock.now(),
      async effect() {
        const submission = await latestSubmission(tx, clientId);
        if (!submission || !rule.submission) return;
        await tx
          .update(kycSubmissions)
          .set({
            status: rule.submission,
            reason: action === 'approve' ? null : (reason ?? submission.reason),
            checkedAt: clock.now(),
            checkedByStaffId: options.viewer?.staffId ?? null,
          })
          .where(eq(kycSubmissions.id, submission.id));
      },
      audit: { actor, details: () => ({ reason }) },
      events,
      notice: action === 'reject' && reason ? { type: 'reason', reason } : undefined,
    });
    return { status: rule.to };
  });
  await clientService.settled();
  return reviewed;
}
