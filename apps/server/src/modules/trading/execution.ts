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
import type { SQL } from 'drizzle-orm';
import type { TChargeSchedule } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import { paidDpToday } from './dp-charge.ts';
import type { ExecutionDeps } from './execution-deps.ts';
import { type BuyToFill, fillBuysTogether } from './fill-buys-together.ts';
import { type FillExecution, fillOrder } from './fill-order.ts';
import type { OrderAudit, OrderRow } from './order-row.ts';
import { lockAwaiting } from './order-steps.ts';
import { type OrderRelease, releaseOrder, releaseOrders } from './release-order.ts';

export type { BrokerageDiscounts } from './execution-deps.ts';
export { contractNoteNo } from './fill-postings.ts';
export { type OrderAudit, orderDetails, type OrderRow } from './order-row.ts';

export function createExecution(deps: ExecutionDeps) {
  return {
    lockAwaiting,
    paidDpToday: (tx: Executor, clientId: string, symbol: string) =>
      paidDpToday(deps.clock, tx, clientId, symbol),
    fill: (tx: Tx, order: OrderRow, execution: FillExecution) =>
      fillOrder(deps, tx, order, execution),
    /** fill for many buys at once, whole, one a client, in one statement (fill-buys-together.ts). */
    fillBuysTogether: (
      tx: Tx,
      wanted: BuyToFill[],
      schedule: TChargeSchedule,
      also: (clientIds: string[]) => SQL[],
    ) => fillBuysTogether(deps, tx, wanted, schedule, also),
    release: (
      tx: Tx,
      order: OrderRow,
      to: OrderRelease,
      reason: string | null,
      audit?: OrderAudit,
      heldNothing?: boolean,
    ) => releaseOrder(deps, tx, order, to, reason, audit, heldNothing),
    /** release for many locked awaiting orders at once, in a few statements (release-order.ts). */
    releaseMany: (
      tx: Tx,
      orders: OrderRow[],
      to: OrderRelease,
      reason: string | null,
      audit: OrderAudit,
    ) => releaseOrders(deps, tx, orders, to, reason, audit),
  };
}
export type Execution = ReturnType<typeof createExecution>;
