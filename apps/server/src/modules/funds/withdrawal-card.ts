import type { Db, Tx } from '../../db/client.ts';
import type { BankCardRow, BankCardService } from './bank-cards.ts';
import type { WithdrawalRow } from './withdrawal-deps.ts';
import { bankNamed } from './views.ts';

/** The card as a withdrawal's memo names it. */
export const cardLabel = (card: BankCardRow) => {
  const { name, last4 } = bankNamed(card);
  return `${name} XXXX${last4}`;
};

/** The card a withdrawal is (or was) paid to, removed or not. */
export async function cardOf(bankCards: BankCardService, executor: Db | Tx, row: WithdrawalRow) {
  return (await bankCards.byIds([row.bankCardId], executor)).get(row.bankCardId)!;
}
