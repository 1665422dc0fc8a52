import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { BankCardRow } from './bank-cards.ts';
import { holdAndRecordWithdrawal } from './hold-withdrawal.ts';
import { moveWithdrawal } from './move-withdrawal.ts';
import { cardLabel } from './withdrawal-card.ts';
import type { WithdrawalDeps, WithdrawalRow } from './withdrawal-deps.ts';

export type SettlementPayoutInput = {
  clientId: string;
  card: BankCardRow;
  amount: bigint;
  key: string;
  bankReference: string;
  staffId: string;
  actor: Actor;
};

/**
 * Running-account settlement's payout (decision 045): the firm's withdrawal to the
 * client's primary account, taken as every withdrawal is — the hold posting, then `pay`
 * (hold → bank clearing) with the batch's reference — in the caller's transaction. No PIN
 * and no daily limit: the client did not ask, SEBI requires it. The hold posting is keyed
 * by `key` (once per batch and client), so a second payout of one line is refused.
 */
export async function settlementPayout(
  deps: WithdrawalDeps,
  tx: Tx,
  input: SettlementPayoutInput,
): Promise<WithdrawalRow> {
  const row = await holdAndRecordWithdrawal(deps, tx, {
    clientId: input.clientId,
    card: input.card,
    amount: input.amount,
    memo: `Running-account settlement to ${cardLabel(input.card)}`,
    actor: input.actor,
    idempotencyKey: input.key,
  });
  return moveWithdrawal(deps, tx, row.id, 'pay', { staffId: input.staffId }, input.actor, {
    bankReference: input.bankReference,
    paidTo: input.card,
  });
}
