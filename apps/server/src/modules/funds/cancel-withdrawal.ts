import type { TWithdrawalView } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { moveWithdrawal } from './move-withdrawal.ts';
import { cardOf } from './withdrawal-card.ts';
import type { WithdrawalDeps } from './withdrawal-deps.ts';
import { withdrawalView } from './views.ts';

/** The client takes back a pending withdrawal: the hold is released. */
export async function cancelWithdrawal(
  deps: WithdrawalDeps,
  clientId: string,
  withdrawalId: string,
  options: { actor: Actor; transaction?: TransactionRunner },
): Promise<TWithdrawalView> {
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const row = await moveWithdrawal(deps, tx, withdrawalId, 'cancel', { clientId }, options.actor);
    return withdrawalView(row, await cardOf(deps.bankCards, tx, row));
  });
}
