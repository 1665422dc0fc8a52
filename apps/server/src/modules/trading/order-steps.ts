/**
 * An order's status moves and what ending it gives back: the reserved shares of a sell and
 * the untaken rest of an OTC take.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STEPS, TM, type TOrderStatus, type TOrderStep } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { applyTransition, applyTransitions, lifecycle } from '../../platform/transitions.ts';
import { transitionsStatement } from '../../platform/transitions-statement.ts';
import type { ExecutionDeps } from './execution-deps.ts';
import { type OrderAudit, orderDetails, type OrderRow } from './order-row.ts';
import { returnToQuote } from './otc-quotes.ts';
import { holdings, orders } from './tables.ts';
import { orderNotice } from './views.ts';

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

export async function lockAwaiting(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) return null;
  return row.status === 'awaiting' ? row : null;
}

export function moveStatus(
  deps: Pick<ExecutionDeps, 'clock' | 'events'>,
  tx: Tx,
  order: OrderRow,
  step: TOrderStep,
  set: Partial<OrderRow>,
  audit: OrderAudit | undefined,
) {
  const { clock } = deps;
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

/**
 * moveStatus for many awaiting orders in one guarded UPDATE (a corporate action ending every
 * order in its scrip): each moved order gets its audit row and event, in id order; orders no
 * longer awaiting are left out of the answer.
 */
export async function moveStatuses(
  deps: Pick<ExecutionDeps, 'clock' | 'events'>,
  tx: Tx,
  ids: string[],
  step: TOrderStep & ('cancel' | 'reject' | 'expire'),
  set: Partial<OrderRow>,
  audit: OrderAudit,
): Promise<OrderRow[]> {
  const at = deps.clock.now();
  return applyTransitions(tx, ORDER, step, {
    ids,
    at,
    set: { ...set, updatedAt: at },
    audit: {
      actor: audit.actor,
      action: audit.action,
      details: (row) => ({ ...orderDetails(row), ...audit.extra }),
    },
    events: deps.events,
    effect: async (rows) => rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  });
}

/**
 * moveStatus's `fill` for many locked awaiting orders as a step of one statement (a batch of
 * fills, fill-buys-together.ts): no audit row, as the matcher's single fills write none.
 */
export const fillStatement = (
  deps: Pick<ExecutionDeps, 'clock' | 'events'>,
  rows: OrderRow[],
  set: (row: OrderRow) => Partial<OrderRow>,
) => {
  const at = deps.clock.now();
  return transitionsStatement(ORDER, 'fill', {
    rows,
    at,
    set: (row) => ({ ...set(row), updatedAt: at }),
    audit: null,
    events: deps.events,
  });
};

/** unreserve for many sells at once: each order's rest back to its holding's free quantity. */
export async function unreserveMany(
  clock: Clock,
  tx: Tx,
  rests: { order: OrderRow; quantity: number }[],
) {
  const sells = rests.filter((r) => r.order.side === 'sell' && r.quantity > 0);
  if (!sells.length) return;
  await tx.execute(sql`
    update holdings set reserved = holdings.reserved - r.quantity, updated_at = ${clock.now().toISOString()}::timestamptz
      from (select client_id, symbol, sum(quantity) as quantity
              from unnest(${sql.param(sells.map((r) => r.order.clientId))}::uuid[],
                          ${sql.param(sells.map((r) => r.order.symbol))}::text[],
                          ${sql.param(sells.map((r) => String(r.quantity)))}::bigint[])
                   as u(client_id, symbol, quantity)
             group by client_id, symbol) r
     where holdings.client_id = r.client_id and holdings.symbol = r.symbol`);
}

/** Shares no longer for sale go back to the holding's free quantity. */
export async function unreserve(clock: Clock, tx: Tx, order: OrderRow, quantity: number) {
  if (order.side !== 'sell' || quantity <= 0) return;
  await tx
    .update(holdings)
    .set({ reserved: sql`${holdings.reserved} - ${quantity}`, updatedAt: clock.now() })
    .where(and(eq(holdings.clientId, order.clientId), eq(holdings.symbol, order.symbol)));
}

/** An OTC take's untaken rest goes back to the quote. */
export async function returnUntaken(tx: Tx, order: OrderRow, quantity: number) {
  if (order.type !== 'otc' || !order.offeringId || quantity <= 0) return;
  await returnToQuote(tx, order.offeringId, quantity);
}
