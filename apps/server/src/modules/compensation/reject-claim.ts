import { CPM } from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { claimDecider } from './claim-access.ts';
import { consoleClaimDetail } from './claim-console-views.ts';
import { type ClaimDeps, type DecideWith, staffEvent } from './claim-deps.ts';
import { applyClaimTransition } from './lifecycle.ts';

/** An officer rejects a claim, with a reason the client reads. */
export async function rejectClaim(
  deps: ClaimDeps,
  claimId: string,
  reason: string,
  options: DecideWith,
) {
  await claimDecider(deps, options.staffId);
  const why = reason.trim();
  if (!why) throw badRequest(CPM.reasonRequired);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const { row } = await applyClaimTransition(tx, deps.clock, {
      events: deps.events,
      claimId,
      action: 'reject',
      actor: options.actor,
      set: { decidedBy: options.staffId, decidedAt: deps.clock.now(), reason: why },
      event: staffEvent(`Rejected: ${why}`),
      audit: { staffId: options.staffId, reason: why },
    });
    return consoleClaimDetail(deps, row, options.baseUrl ?? null, tx);
  });
}
