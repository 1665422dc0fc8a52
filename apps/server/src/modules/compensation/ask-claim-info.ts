import { plainTransaction } from '../../platform/transaction.ts';
import { claimDecider } from './claim-access.ts';
import { consoleClaimDetail } from './claim-console-views.ts';
import { type ClaimDeps, type DecideWith, staffEvent } from './claim-deps.ts';
import { applyClaimTransition } from './lifecycle.ts';

/** Asks the client for more; a first approval given so far lapses (the facts change). */
export async function askClaimInfo(
  deps: ClaimDeps,
  claimId: string,
  question: string,
  options: DecideWith,
) {
  await claimDecider(deps, options.staffId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const { row } = await applyClaimTransition(tx, deps.clock, {
      events: deps.events,
      claimId,
      action: 'ask_info',
      actor: options.actor,
      set: { firstApprovedBy: null, firstApprovedAt: null, proposedPaise: null },
      event: staffEvent(question),
      audit: { staffId: options.staffId, question },
    });
    return consoleClaimDetail(deps, row, options.baseUrl ?? null, tx);
  });
}
