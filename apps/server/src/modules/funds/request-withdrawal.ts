import { FM, type TWithdrawalView } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { holdAndRecordWithdrawal } from './hold-withdrawal.ts';
import { cardLabel } from './withdrawal-card.ts';
import type { WithdrawalDeps, WithdrawalInput } from './withdrawal-deps.ts';
import { withdrawalView } from './views.ts';

/** The client asks, with their PIN, for money to be paid to one of their cards: it goes on hold. */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  clientId: string,
  input: WithdrawalInput,
  options: { actor: Actor; transaction?: TransactionRunner },
): Promise<TWithdrawalView> {
  const { db, access, bankCards } = deps;
  const client = await access.approvedClient(clientId);
  await access.checkPin(client, input.pin, FM.setPinToWithdraw);
  const transaction = options.transaction ?? plainTransaction(db);
  return transaction(async (tx) => {
    // The card lock: a card cannot be removed between this check and the insert below.
    const card = await bankCards.lockedActiveCard(tx, clientId, input.bank_card_id);
    if (!card) throw notFound(FM.bankCardNotFound);
    const row = await holdAndRecordWithdrawal(deps, tx, {
      clientId,
      card,
      amount: input.amount,
      memo: `Withdrawal to ${cardLabel(card)} requested`,
      actor: options.actor,
      checkLimit: true,
    });
    return withdrawalView(row, card);
  });
}
