import type { Tx } from '../../db/client.ts';
import { clientAccount } from '../ledger/service.ts';
import type { ExecutionDeps } from './execution-deps.ts';
import type { OrderAudit, OrderRow } from './order-row.ts';
import { moveStatus, returnUntaken, unreserve } from './order-steps.ts';

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
    await deps.ledger.transfer(tx, {
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
  await unreserve(deps.clock, tx, order, rest);
  await returnUntaken(tx, order, rest);
  return row;
}
