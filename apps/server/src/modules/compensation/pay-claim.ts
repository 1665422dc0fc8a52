import { eq } from 'drizzle-orm';
import { formatPaise } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { clientAccount, firmAccount } from '../ledger/service.ts';
import { claimDecider } from './claim-access.ts';
import { consoleClaimDetail } from './claim-console-views.ts';
import type { ClaimDeps, DecideOptions, DecideWith } from './claim-deps.ts';
import { applyClaimTransition } from './lifecycle.ts';
import { compensationClaims } from './tables.ts';

export async function payClaim(deps: ClaimDeps, claimId: string, options: DecideWith) {
  await claimDecider(deps, options.staffId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) =>
    consoleClaimDetail(deps, await payIn(deps, tx, claimId, options), options.baseUrl ?? null, tx),
  );
}

/** Pays an approved claim: the status step and the ledger posting in one transaction. */
async function payIn(deps: ClaimDeps, tx: Tx, claimId: string, options: DecideOptions) {
  const now = deps.clock.now();
  const { row } = await applyClaimTransition(tx, deps.clock, {
    events: deps.events,
    claimId,
    action: 'pay',
    actor: options.actor,
    set: { paidBy: options.staffId, paidAt: now },
    event: { by: 'system', message: 'Compensation paid to your cash.' },
    effect: async (moved) => {
      const amount = moved.amountApprovedPaise!;
      const posted = await deps.ledger.transfer(tx, {
        kind: 'compensation',
        clientId: moved.clientId,
        memo: `Compensation for claim ${moved.reference}: ${formatPaise(amount)}`,
        reference: `compensation:${moved.id}`,
        idempotencyKey: `compensation:${moved.id}:pay`,
        from: firmAccount('compensation'),
        to: clientAccount(moved.clientId, 'cash_available'),
        amount,
      });
      const [paid] = await tx
        .update(compensationClaims)
        .set({ paymentPostingId: posted.postingId })
        .where(eq(compensationClaims.id, moved.id))
        .returning();
      return paid!;
    },
    audit: { staffId: options.staffId },
  });
  return row;
}
