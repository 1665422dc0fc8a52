import { randomUUID } from 'node:crypto';
import { EM, formatPaise } from '@sampada/shared';
import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { dayRange, istDateOf } from '../../platform/ist.ts';
import { clientAccount } from '../ledger/service.ts';
import type { BankCardRow } from './bank-cards.ts';
import type { WithdrawalDeps, WithdrawalRow } from './withdrawal-deps.ts';
import { HELD } from './withdrawal-lifecycle.ts';
import { withdrawals } from './tables.ts';

/**
 * The VIP tier's daily limit, if the firm set one: today's (IST) withdrawals not rejected or
 * cancelled, with this one, must fit. Checked after the hold's posting, which locks the
 * client's cash account: two requests at once are counted one after the other.
 */
async function checkDailyLimit(deps: WithdrawalDeps, tx: Tx, clientId: string, amount: bigint) {
  const limit = await deps.withdrawalLimit?.(clientId, tx);
  if (limit === null || limit === undefined) return;
  const today = istDateOf(deps.clock.now());
  const { start, end } = dayRange(today, today);
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.clientId, clientId),
        gte(withdrawals.createdAt, start!),
        lt(withdrawals.createdAt, end!),
        notInArray(withdrawals.status, ['rejected', 'cancelled']),
      ),
    );
  if (BigInt(row?.total ?? '0') + amount > limit)
    throw badRequest(EM.withdrawalLimitExceeded(formatPaise(limit)));
}

/** Moves the amount on hold and writes the withdrawal and its audit row: a request's start. */
export async function holdAndRecordWithdrawal(
  deps: WithdrawalDeps,
  tx: Tx,
  input: {
    clientId: string;
    card: BankCardRow;
    amount: bigint;
    memo: string;
    actor: Actor;
    checkLimit?: boolean;
    idempotencyKey?: string;
  },
): Promise<WithdrawalRow> {
  const { clientId, card, amount } = input;
  const id = randomUUID();
  const posted = await deps.ledger.transfer(tx, {
    kind: 'withdrawal_hold',
    clientId,
    memo: input.memo,
    reference: `withdrawal:${id}`,
    idempotencyKey: input.idempotencyKey ?? `withdrawal:${id}:hold`,
    from: clientAccount(clientId, 'cash_available'),
    to: clientAccount(clientId, HELD),
    amount,
  });
  if (input.checkLimit) await checkDailyLimit(deps, tx, clientId, amount);
  const [row] = await tx
    .insert(withdrawals)
    .values({
      id,
      clientId,
      bankCardId: card.id,
      amount,
      holdPostingId: posted.postingId,
      createdAt: deps.clock.now(),
    })
    .returning();
  await recordAudit(tx, input.actor, {
    action: 'withdrawal.request',
    subjectType: 'withdrawal',
    subjectId: id,
    after: {
      clientId,
      amountPaise: amount.toString(),
      bankCardId: card.id,
      postingId: posted.postingId,
    },
  });
  return row!;
}
