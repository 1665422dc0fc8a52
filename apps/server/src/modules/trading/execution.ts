/**
 * Fills and releases: the only places where an order's money and shares move. Each runs in
 * the caller's transaction, locks the order row first and moves it only from awaiting, so
 * a fill racing a cancel (or two desk clicks) settles exactly once.
 *
 * A buy's cash sits in cash_on_hold from placing; its fill pays the value to
 * trade_settlement (ipo_escrow for an allotment), brokerage and exchange/SEBI fees to fees,
 * STT, stamp duty and GST to taxes, and on the last fill returns what is left of the hold.
 * A sell's shares are reserved from placing; its fill credits the proceeds less charges.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  orderCost,
  formatPaise,
  NO_CHARGES,
  ORDER_STEPS,
  type TCharges,
  type TChargeSchedule,
  TM,
  type TOrderStatus,
  type TOrderStep,
} from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { dayRange, istDateOf } from '../../platform/ist.ts';
import { applyTransition, lifecycle, type TransitionEvents } from '../../platform/transitions.ts';
import {
  type AccountRef,
  clientAccount,
  firmAccount,
  InsufficientBalance,
  type LedgerService,
  type PostingLine,
} from '../ledger/service.ts';
import { applySell } from './holding-math.ts';
import { returnToQuote } from './otc-quotes.ts';
import { fills, holdings, orders } from './tables.ts';
import { orderNotice } from './views.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Orders move only by the steps of ORDER_STEPS, all from awaiting, applied here. */
const ORDER = lifecycle({
  name: 'order',
  subject: 'order',
  table: orders,
  state: { field: 'status' },
  transitions: ORDER_STEPS,
  refuse: (_step, current: TOrderStatus | null) =>
    current === null ? notFound(TM.orderNotFound) : conflict(TM.notAwaiting(current)),
  notice: (row) => orderNotice(row),
});

const RELEASES = { cancelled: 'cancel', rejected: 'reject', expired: 'expire' } as const;

/** What the audit log keeps of an order. */
export const orderDetails = (row: OrderRow) => ({
  clientId: row.clientId,
  type: row.type,
  side: row.side,
  symbol: row.symbol,
  quantity: row.quantity,
  holdPaise: row.holdPaise.toString(),
});

/**
 * The audit row of a step someone decided (the client's cancel, a desk decision), under the
 * name they gave it. The matcher's fills and expiries and an allotment's fills pass none:
 * their postings and contract notes record them.
 */
export type OrderAudit = { actor: Actor; action: string; extra?: object };

/** Charges split by where they go. */
const feesOf = (c: TCharges) =>
  BigInt(c.brokerage_paise + c.exchange_paise + c.sebi_paise + c.dp_paise);
const taxesOf = (c: TCharges) => BigInt(c.stt_paise + c.stamp_paise + c.gst_paise);

/** Lines keyed by account, summed, zero lines dropped. */
function linesOf(entries: [AccountRef, bigint][]): PostingLine[] {
  const byKey = new Map<string, PostingLine>();
  for (const [account, amount] of entries) {
    const key = `${account.clientId ?? ''}|${account.kind}`;
    const line = byKey.get(key);
    if (line) line.amount += amount;
    else byKey.set(key, { account, amount });
  }
  return [...byKey.values()].filter((l) => l.amount !== 0n);
}

export const contractNoteNo = (executedAt: Date, postingId: number) =>
  `CN${executedAt.toISOString().slice(0, 10).replace(/-/g, '')}-${String(postingId).padStart(8, '0')}`;

/** The client's brokerage discount in basis points (engagement's VIP tier, via context.ts). */
export type BrokerageDiscount = (clientId: string, executor: Tx) => Promise<number>;

export function createExecution(deps: {
  clock: Clock;
  ledger: LedgerService;
  events?: TransitionEvents | undefined;
  brokerageDiscount?: BrokerageDiscount | undefined;
}) {
  const { clock, ledger } = deps;

  async function lockAwaiting(tx: Tx, orderId: string): Promise<OrderRow | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) return null;
    return row.status === 'awaiting' ? row : null;
  }

  function moveStatus(
    tx: Tx,
    order: OrderRow,
    step: TOrderStep,
    set: Partial<OrderRow>,
    audit: OrderAudit | undefined,
  ) {
    return applyTransition(tx, ORDER, step, {
      id: order.id,
      at: clock.now(),
      set: { ...set, updatedAt: clock.now() },
      audit: audit
        ? {
            actor: audit.actor,
            action: audit.action,
            details: (row) => ({ ...orderDetails(row), ...audit.extra }),
          }
        : null,
      events: deps.events,
    });
  }

  /** Shares no longer for sale go back to the holding's free quantity. */
  async function unreserve(tx: Tx, order: OrderRow, quantity: number) {
    if (order.side !== 'sell' || quantity <= 0) return;
    await tx
      .update(holdings)
      .set({ reserved: sql`${holdings.reserved} - ${quantity}`, updatedAt: clock.now() })
      .where(and(eq(holdings.clientId, order.clientId), eq(holdings.symbol, order.symbol)));
  }

  /** An OTC take's untaken rest goes back to the quote. */
  async function returnUntaken(tx: Tx, order: OrderRow, quantity: number) {
    if (order.type !== 'otc' || !order.offeringId || quantity <= 0) return;
    await returnToQuote(tx, order.offeringId, quantity);
  }

  /** Whether a sell of `symbol` by the client today (IST) already paid the DP charge. */
  async function paidDpToday(tx: Executor, clientId: string, symbol: string) {
    const { start, end } = dayRange(istDateOf(clock.now()), istDateOf(clock.now()));
    const [row] = await tx
      .select({ id: fills.id })
      .from(fills)
      .where(
        and(
          eq(fills.clientId, clientId),
          eq(fills.symbol, symbol),
          eq(fills.side, 'sell'),
          gte(fills.executedAt, start!),
          lt(fills.executedAt, end!),
          sql`coalesce((${fills.charges} ->> 'dp_paise')::bigint, 0) > 0`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  return {
    lockAwaiting,
    paidDpToday,

    /**
     * Executes `quantity` of a locked awaiting order at `pricePaise`. `final` ends the order:
     * filled when everything is filled, partially filled otherwise (the rest is released).
     */
    async fill(
      tx: Tx,
      order: OrderRow,
      execution: {
        quantity: number;
        pricePaise: bigint;
        final: boolean;
        schedule: TChargeSchedule;
        audit?: OrderAudit;
      },
    ): Promise<{ order: OrderRow; fill: typeof fills.$inferSelect }> {
      const { quantity, pricePaise } = execution;
      const remaining = order.quantity - order.filledQuantity;
      if (quantity <= 0 || quantity > remaining) throw new Error('Fill quantity out of range');
      const value = pricePaise * BigInt(quantity);
      const side = order.side as 'buy' | 'sell';
      // A sell locks the holding first: the client's sells of a scrip then settle one at a
      // time, so exactly the first of the day pays the DP charge.
      const held =
        side === 'sell'
          ? (
              await tx
                .select()
                .from(holdings)
                .where(
                  and(eq(holdings.clientId, order.clientId), eq(holdings.symbol, order.symbol)),
                )
                .for('update')
            )[0]
          : undefined;
      const dp = side === 'sell' && !(await paidDpToday(tx, order.clientId, order.symbol));
      const charges =
        order.type === 'ipo'
          ? { ...NO_CHARGES }
          : orderCost(
              execution.schedule,
              { side, valuePaise: value, marketLike: false },
              { dp, discountBps: (await deps.brokerageDiscount?.(order.clientId, tx)) ?? 0 },
            ).charges;
      const total = BigInt(charges.total_paise);
      const { clientId } = order;
      const available = clientAccount(clientId, 'cash_available');
      const onHold = clientAccount(clientId, 'cash_on_hold');
      const filledAfter = order.filledQuantity + quantity;
      const final = execution.final || filledAfter === order.quantity;
      const entries: [AccountRef, bigint][] = [
        [firmAccount('fees'), feesOf(charges)],
        [firmAccount('taxes'), taxesOf(charges)],
      ];
      let holdAfter = order.holdPaise;
      if (side === 'buy') {
        const cost = value + total;
        const fromHold = cost < order.holdPaise ? cost : order.holdPaise;
        entries.push([onHold, -fromHold], [available, -(cost - fromHold)]);
        entries.push([
          firmAccount(order.type === 'ipo' ? 'ipo_escrow' : 'trade_settlement'),
          value,
        ]);
        holdAfter -= fromHold;
        if (final && holdAfter > 0n) entries.push([onHold, -holdAfter], [available, holdAfter]);
        if (final) holdAfter = 0n;
      } else {
        entries.push([firmAccount('trade_settlement'), -value], [available, value - total]);
      }

      const noun = side === 'buy' ? 'Bought' : 'Sold';
      let posted;
      try {
        posted = await ledger.post(tx, {
          kind:
            order.type === 'ipo' ? 'ipo_allotment' : side === 'buy' ? 'trade_buy' : 'trade_sell',
          clientId,
          memo: `${noun} ${quantity} ${order.symbol} @ ${formatPaise(pricePaise)}`,
          reference: `order:${order.id}`,
          idempotencyKey: `order:${order.id}:fill:${order.filledQuantity}`,
          lines: linesOf(entries),
        });
      } catch (error) {
        if (error instanceof InsufficientBalance)
          throw new InsufficientBalance(error.account, TM.insufficientCash);
        throw error;
      }

      let costRemoved = 0n;
      let realised = 0n;
      if (side === 'buy') {
        await tx
          .insert(holdings)
          .values({
            clientId,
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
      } else {
        if (!held || held.reserved < quantity) throw conflict(TM.insufficientHolding);
        const after = applySell(held, quantity, value);
        costRemoved = after.costRemovedPaise;
        realised = after.realisedNowPaise;
        await tx
          .update(holdings)
          .set({
            quantity: after.quantity,
            reserved: held.reserved - quantity,
            costPaise: after.costPaise,
            realisedPaise: after.realisedPaise,
            updatedAt: clock.now(),
          })
          .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, order.symbol)));
      }

      const executedAt = posted.createdAt;
      const [fill] = await tx
        .insert(fills)
        .values({
          orderId: order.id,
          clientId,
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

      const progress = {
        filledQuantity: filledAfter,
        filledValuePaise: order.filledValuePaise + value,
        chargesPaise: order.chargesPaise + total,
        holdPaise: holdAfter,
      };
      let row: OrderRow;
      if (final) {
        const step = filledAfter === order.quantity ? 'fill' : 'fill_partially';
        row = await moveStatus(tx, order, step, progress, execution.audit);
        await unreserve(tx, order, order.quantity - filledAfter);
        await returnUntaken(tx, order, order.quantity - filledAfter);
      } else {
        [row] = (await tx
          .update(orders)
          .set({ ...progress, updatedAt: clock.now() })
          .where(eq(orders.id, order.id))
          .returning()) as [OrderRow];
      }
      return { order: row, fill: fill! };
    },

    /**
     * Ends a locked awaiting order without (more) fills; the hold and reserved shares return.
     * `heldNothing`: an order refused as it was written (a GTT's order the market refused), which
     * never reserved its shares, so none go back.
     */
    async release(
      tx: Tx,
      order: OrderRow,
      to: keyof typeof RELEASES,
      reason: string | null,
      audit?: OrderAudit,
      heldNothing = false,
    ): Promise<OrderRow> {
      const row = await moveStatus(tx, order, RELEASES[to], { holdPaise: 0n, reason }, audit);
      if (heldNothing) return row;
      if (order.holdPaise > 0n) {
        await ledger.transfer(tx, {
          kind: 'order_release',
          clientId: order.clientId,
          memo: `${order.symbol} order ${to}, amount on hold returned`,
          reference: `order:${order.id}`,
          idempotencyKey: `order:${order.id}:release`,
          from: clientAccount(order.clientId, 'cash_on_hold'),
          to: clientAccount(order.clientId, 'cash_available'),
          amount: order.holdPaise,
        });
      }
      const rest = order.quantity - order.filledQuantity;
      await unreserve(tx, order, rest);
      await returnUntaken(tx, order, rest);
      return row;
    },
  };
}
export type Execution = ReturnType<typeof createExecution>;
