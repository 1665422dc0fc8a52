/**
 * An order's status moves and what ending it gives back: the reserved shares of a sell and
 * the untaken rest of an OTC take.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STEPS, TM, type TOrderStatus, type TOrderStep } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { applyTransition, lifecycle } from '../../platform/transitions.ts';
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
