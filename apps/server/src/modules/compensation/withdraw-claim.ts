import type { Actor } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClaimDeps } from './claim-deps.ts';
import { claimDetail } from './claim-reads.ts';
import { applyClaimTransition } from './lifecycle.ts';

/** The client withdraws a claim not yet decided; a first approval given so far lapses. */
export async function withdrawClaim(
  deps: ClaimDeps,
  clientId: string,
  claimId: string,
  options: { actor: Actor; baseUrl: string },
) {
  return inTransaction(deps.db, async (tx) => {
    const { row } = await applyClaimTransition(tx, deps.clock, {
      events: deps.events,
      claimId,
      clientId,
      action: 'withdraw',
      actor: options.actor,
      set: { firstApprovedBy: null, proposedPaise: null },
      event: { by: 'client', message: 'Claim withdrawn.' },
    });
    return claimDetail(deps, row, options.baseUrl, tx);
  });
}
