import { plainTransaction } from '../../platform/transaction.ts';
import { claimDecider } from './claim-access.ts';
import { consoleClaimDetail } from './claim-console-views.ts';
import { type ClaimDeps, type DecideWith, staffEvent } from './claim-deps.ts';
import { applyClaimTransition } from './lifecycle.ts';

/** An officer takes a claim up for review. */
export async function reviewClaim(deps: ClaimDeps, claimId: string, options: DecideWith) {
  await claimDecider(deps, options.staffId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const { row } = await applyClaimTransition(tx, deps.clock, {
      events: deps.events,
      claimId,
      action: 'review',
      actor: options.actor,
      event: staffEvent('An officer is reviewing your claim.'),
      audit: { staffId: options.staffId },
    });
    return consoleClaimDetail(deps, row, options.baseUrl ?? null, tx);
  });
}
