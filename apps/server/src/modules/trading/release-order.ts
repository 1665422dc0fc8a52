import type { Tx } from '../../db/client.ts';
import { clientAccount, transferPosting } from '../ledger/service.ts';
import type { ExecutionDeps } from './execution-deps.ts';
import type { OrderAudit, OrderRow } from './order-row.ts';
import {
  moveStatus,
  moveStatuses,
  returnUntaken,
  unreserve,
  unreserveMany,
} from './order-steps.ts';

export const RELEASES = { cancelled: 'cancel', rejected: 'reject', expired: 'expire' } as const;
export type OrderRelease = keyof typeof RELEASES;

/**
 * Ends a locked awaiting order without (more) fills; the hold and reserved shares return.
 * `heldNothing`: an order refused as it was written (a GTT's order the market refused), which
 * never reserved its shares, so none go back.
 */
export async function releaseOrder(
  deps: ExecutionDeps,
  tx: Tx,
  order: OrderRow,
  to: OrderRelease,
  reason: string | null,
  audit?: OrderAudit,
  heldNothing = false,
): Promise<OrderRow> {
  const row = await moveStatus(deps, tx, order, RELEASES[to], { holdPaise: 0n, reason }, audit);
  if (heldNothing) return row;
  if (order.holdPaise > 0n) {
    await deps.ledger.transfer(tx, holdReturned(order, to));
  }
  const rest = order.quantity - order.filledQuantity;
  await unreserve(deps.clock, tx, order, rest);
  await returnUntaken(tx, order, rest);
  return row;
}

/** Orders a statement takes at most (its ids are bound one parameter each). */
const BATCH = 5_000;

/**
 * releaseOrder for every order of `locked` (awaiting, locked by the caller) in a few statements
 * per 5,000: one guarded UPDATE with its audit rows and events, one ledger batch returning the
 * holds, one UPDATE unreserving the sells' shares. A corporate action ends every awaiting
 * order in its scrip this way (bench/corporate-split.mjs). Answers the orders moved.
 */
export async function releaseOrders(
  deps: ExecutionDeps,
  tx: Tx,
  locked: OrderRow[],
  to: OrderRelease,
  reason: string | null,
  audit: OrderAudit,
): Promise<OrderRow[]> {
  const released: OrderRow[] = [];
  for (let i = 0; i < locked.length; i += BATCH) {
    const part = locked.slice(i, i + BATCH);
    const moved = new Set(
      (
        await moveStatuses(
          deps,
          tx,
          part.map((o) => o.id),
          RELEASES[to],
          { holdPaise: 0n, reason },
          audit,
        )
      ).map((row) => row.id),
    );
    const orders = part.filter((o) => moved.has(o.id));
    await deps.ledger.postMany(
      tx,
      orders.filter((o) => o.holdPaise > 0n).map((o) => transferPosting(holdReturned(o, to))),
    );
    const rests = orders.map((order) => ({
      order,
      quantity: order.quantity - order.filledQuantity,
    }));
    await unreserveMany(deps.clock, tx, rests);
    for (const { order, quantity } of rests) await returnUntaken(tx, order, quantity);
    released.push(...orders);
  }
  return released;
}

/** The transfer that returns an ended order's cash on hold: one home for its memo and key. */
function holdReturned(
  order: { id: string; clientId: string; symbol: string; holdPaise: bigint },
  to: string,
) {
  return {
    kind: 'order_release' as const,
    clientId: order.clientId,
    memo: `${order.symbol} order ${to}, amount on hold returned`,
    reference: `order:${order.id}`,
    idempotencyKey: `order:${order.id}:release`,
    from: clientAccount(order.clientId, 'cash_on_hold'),
    to: clientAccount(order.clientId, 'cash_available'),
    amount: order.holdPaise,
  };
}
