import type { TDepositView } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { receiptUrlOf } from './deposit-account.ts';
import type { DepositDeps } from './deposit-deps.ts';
import { moveDeposit } from './move-deposit.ts';
import { depositView } from './views.ts';

/** The client withdraws a deposit they reported, while it is pending. */
export async function cancelDeposit(
  deps: DepositDeps,
  clientId: string,
  depositId: string,
  options: { baseUrl: string; actor: Actor; transaction?: TransactionRunner },
): Promise<TDepositView> {
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const row = await moveDeposit(deps, tx, depositId, 'cancel', { clientId }, options.actor);
    return depositView(row, receiptUrlOf(deps.uploads, options.baseUrl, row));
  });
}
