/**
 * One fill of a locked awaiting order: its charges, the ledger posting, the holding and the fill
 * row (the contract note's line, written in one statement) and the order's progress, in the
 * caller's transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { NO_CHARGES, orderCost, type TCharges, type TChargeSchedule, TM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { InsufficientBalance, type PostingInput } from '../ledger/service.ts';
import { paidDpToday } from './dp-charge.ts';
import type { ExecutionDeps } from './execution-deps.ts';
import { contractNoteNo, fillPosting } from './fill-postings.ts';
import { applySell } from './holding-math.ts';
import type { OrderAudit, OrderRow } from './order-row.ts';
import { moveStatus, returnUntaken, unreserve } from './order-steps.ts';
import { fills, holdings, orders } from './tables.ts';

type Side = 'buy' | 'sell';
type HoldingRow = typeof holdings.$inferSelect;
type Progress = {
  filledQuantity: number;
  filledValuePaise: bigint;
  chargesPaise: bigint;
  holdPaise: bigint;
};

export type FillExecution = {
  quantity: number;
  pricePaise: bigint;
  final: boolean;
  schedule: TChargeSchedule;
  audit?: OrderAudit;
};

/**
 * Executes `quantity` of a locked awaiting order at `pricePaise`. `final` ends the order:
 * filled when everything is filled, partially filled otherwise (the rest is released).
 */
export async function fillOrder(
  deps: ExecutionDeps,
  tx: Tx,
  order: OrderRow,
  execution: FillExecution,
): Promise<{ order: OrderRow; fill: typeof fills.$inferSelect }> {
  const { quantity, pricePaise } = execution;
  const remaining = order.quantity - order.filledQuantity;
  if (quantity <= 0 || quantity > remaining) throw new Error('Fill quantity out of range');
  const value = pricePaise * BigInt(quantity);
  const side = order.side as Side;
  // A sell locks the holding first: the client's sells of a scrip then settle one at a
  // time, so exactly the first of the day pays the DP charge.
  const held = side === 'sell' ? await lockHolding(tx, order) : undefined;
  const charges = await chargesOf(deps, tx, order, { side, value, schedule: execution.schedule });
  const total = BigInt(charges.total_paise);
  const filledAfter = order.filledQuantity + quantity;
  const final = execution.final || filledAfter === order.quantity;
  const { input, holdAfter } = fillPosting(order, { quantity, pricePaise, charges, final });
  const posted = await postFill(deps, tx, input);
  const { write, costRemoved, realised } =
    side === 'buy'
      ? addToHolding(deps, tx, order, quantity, value)
      : takeFromHolding(deps, tx, order, held, quantity, value);
  const executedAt = posted.createdAt;
  // The holding's write rides in the fill's INSERT as a CTE: one round trip for both.
  const holdingWritten = tx.$with('holding_written', {}).as(write.getSQL());
  const [fill] = await tx
    .with(holdingWritten)
    .insert(fills)
    .values({
      orderId: order.id,
      clientId: order.clientId,
      symbol: order.symbol,
      side,
      quantity,
      pricePaise,
      valuePaise: value,
      charges,
      chargesPaise: total,
      costRemovedPaise: costRemoved,
      realisedPaise: realised,
      contractNoteNo: contractNoteNo(executedAt, posted.postingId),
      postingId: posted.postingId,
      executedAt,
    })
    .returning();
  const progress: Progress = {
    filledQuantity: filledAfter,
    filledValuePaise: order.filledValuePaise + value,
    chargesPaise: order.chargesPaise + total,
    holdPaise: holdAfter,
  };
  const row = await advance(deps, tx, order, progress, { final, audit: execution.audit });
  return { order: row, fill: fill! };
}

async function lockHolding(tx: Tx, order: OrderRow): Promise<HoldingRow | undefined> {
  const [held] = await tx
    .select()
    .from(holdings)
    .where(and(eq(holdings.clientId, order.clientId), eq(holdings.symbol, order.symbol)))
    .for('update');
  return held;
}

/** An allotment pays no charges; a trade pays the schedule's, the day's first sell the DP charge. */
async function chargesOf(
  deps: ExecutionDeps,
  tx: Tx,
  order: OrderRow,
  trade: { side: Side; value: bigint; schedule: TChargeSchedule },
): Promise<TCharges> {
  const { side, value } = trade;
  const dp = side === 'sell' && !(await paidDpToday(deps.clock, tx, order.clientId, order.symbol));
  if (order.type === 'ipo') return { ...NO_CHARGES };
  const discounts = await deps.brokerageDiscounts?.([order.clientId], tx);
  const discountBps = discounts?.get(order.clientId) ?? 0;
  return orderCost(
    trade.schedule,
    { side, valuePaise: value, marketLike: false },
    { dp, discountBps },
  ).charges;
}

async function postFill(deps: ExecutionDeps, tx: Tx, input: PostingInput) {
  try {
    return await deps.ledger.post(tx, input);
  } catch (error) {
    if (error instanceof InsufficientBalance)
      throw new InsufficientBalance(error.account, TM.insufficientCash);
    throw error;
  }
}

/** The buy's holding write (sent with the fill), and what it takes from the holding: nothing. */
function addToHolding(
  deps: ExecutionDeps,
  tx: Tx,
  order: OrderRow,
  quantity: number,
  value: bigint,
) {
  const { clock } = deps;
  const write = tx
    .insert(holdings)
    .values({
      clientId: order.clientId,
      symbol: order.symbol,
      quantity,
      costPaise: value,
      updatedAt: clock.now(),
    })
    .onConflictDoUpdate({
      target: [holdings.clientId, holdings.symbol],
      set: {
        quantity: sql`${holdings.quantity} + ${quantity}`,
        costPaise: sql`${holdings.costPaise} + ${value}`,
        updatedAt: clock.now(),
      },
    });
  return { write, costRemoved: 0n, realised: 0n };
}

/** The sell's holding write (sent with the fill), and the cost it removes and P&L it realises. */
function takeFromHolding(
  deps: ExecutionDeps,
  tx: Tx,
  order: OrderRow,
  held: HoldingRow | undefined,
  quantity: number,
  value: bigint,
) {
  if (!held || held.reserved < quantity) throw conflict(TM.insufficientHolding);
  const after = applySell(held, quantity, value);
  const write = tx
    .update(holdings)
    .set({
      quantity: after.quantity,
      reserved: held.reserved - quantity,
      costPaise: after.costPaise,
      realisedPaise: after.realisedPaise,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(holdings.clientId, order.clientId), eq(holdings.symbol, order.symbol)));
  return { write, costRemoved: after.costRemovedPaise, realised: after.realisedNowPaise };
}

/** A final fill ends the order and releases the rest; an earlier one only records progress. */
async function advance(
  deps: ExecutionDeps,
  tx: Tx,
  order: OrderRow,
  progress: Progress,
  end: { final: boolean; audit: OrderAudit | undefined },
): Promise<OrderRow> {
  if (!end.final) {
    const [row] = (await tx
      .update(orders)
      .set({ ...progress, updatedAt: deps.clock.now() })
      .where(eq(orders.id, order.id))
      .returning()) as [OrderRow];
    return row;
  }
  const filledAfter = progress.filledQuantity;
  const step = filledAfter === order.quantity ? 'fill' : 'fill_partially';
  const row = await moveStatus(deps, tx, order, step, progress, end.audit);
  await unreserve(deps.clock, tx, order, order.quantity - filledAfter);
  await returnUntaken(tx, order, order.quantity - filledAfter);
  return row;
}
