/**
 * What placing takes: cash on hold for a buy, reserved shares for a sell. Each is one guarded
 * write, so concurrent orders cannot overdraw or sell the same shares twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { orderCost, type TChargeSchedule, TM } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  clientAccount,
  InsufficientBalance,
  type LedgerService,
  type TransferInput,
} from '../ledger/service.ts';
import { holdings } from './tables.ts';

type CashHold = {
  clientId: string;
  orderId: string;
  amount: bigint;
  memo: string;
  revision?: number;
};

/** The ledger transfer that puts a buy's cash on hold (one per order, or per modification). */
export function holdTransfer(hold: CashHold): TransferInput {
  const { clientId, orderId, amount, memo, revision = 0 } = hold;
  return {
    kind: 'order_hold',
    clientId,
    memo,
    reference: `order:${orderId}`,
    idempotencyKey: revision ? `order:${orderId}:modify:${revision}` : `order:${orderId}:hold`,
    from: clientAccount(clientId, 'cash_available'),
    to: clientAccount(clientId, 'cash_on_hold'),
    amount,
  };
}

/** Takes cash to hold for a buy; a short balance is the trading message, not the funds one. */
export async function holdCash(ledger: LedgerService, tx: Tx, hold: CashHold) {
  try {
    await ledger.transfer(tx, holdTransfer(hold));
  } catch (error) {
    if (error instanceof InsufficientBalance) throw badRequest(TM.insufficientCash);
    throw error;
  }
}

/** Puts shares up for sale: only the part of the holding neither reserved nor pledged. */
export async function reserveShares(
  clock: Clock,
  tx: Tx,
  clientId: string,
  symbol: string,
  quantity: number,
) {
  const moved = await tx
    .update(holdings)
    .set({ reserved: sql`${holdings.reserved} + ${quantity}`, updatedAt: clock.now() })
    .where(
      and(
        eq(holdings.clientId, clientId),
        eq(holdings.symbol, symbol),
        sql`${holdings.quantity} - ${holdings.reserved} - ${holdings.pledged} >= ${quantity}`,
      ),
    )
    .returning({ symbol: holdings.symbol });
  if (moved.length === 0) throw badRequest(TM.insufficientHolding);
}

export async function freeShares(tx: Executor, clientId: string, symbol: string) {
  const [row] = await tx
    .select({
      quantity: holdings.quantity,
      reserved: holdings.reserved,
      pledged: holdings.pledged,
    })
    .from(holdings)
    .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, symbol)));
  return row ? row.quantity - row.reserved - row.pledged : 0;
}

/** What a buy of `value` holds: with no limit (market, SL-M) it carries the buffer. */
export const buyHold = (schedule: TChargeSchedule, limit: bigint | null, value: bigint) =>
  orderCost(schedule, { side: 'buy', valuePaise: value, marketLike: limit === null }).hold;
