/**
 * Orders as clients and the desk read them: one order with its fills, lists by cursor, the
 * desk's count, and the IPO applications an issue holds. Placing and the client's cancel are
 * in placement.ts, the desk's decisions in desk-decisions.ts; every status change goes
 * through execution.ts.
 */
import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import { TM, type TOrder, type TOrderListQuery } from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import { listOrders, type OrderListQuery } from './list-orders.ts';
import type { OrderRow } from './order-row.ts';
import { type NameOf, orderViews } from './order-views.ts';
import { orders } from './tables.ts';

export type OrderInput =
  | {
      type: 'market' | 'limit' | 'sl' | 'sl_m';
      symbol: string;
      side: 'buy' | 'sell';
      quantity: number;
      limit_price?: bigint | undefined;
      trigger_price?: bigint | undefined;
      pin: string;
    }
  | {
      type: 'institutional';
      offering_id: string;
      quantity: number;
      pin: string;
    }
  | { type: 'otc'; offering_id: string; quantity: number; pin: string }
  | { type: 'ipo'; offering_id: string; lots: number; pin: string };

/** A desk decision's actor and transaction, and how to present its result inside it. */
export type DeskOptions<V> = {
  actor: Actor;
  transaction?: TransactionRunner;
  present: (row: OrderRow, tx: Tx) => Promise<V>;
};

export type { NameOf } from './order-views.ts';

// ---------- The orders' SQL for placement, the desk and IPOs ----------

export async function insertOrder(tx: Tx, row: typeof orders.$inferInsert) {
  const [inserted] = await tx.insert(orders).values(row).returning();
  return inserted!;
}

/** The order, locked for a decision; a client's own only, when `clientId` is given. */
export async function lockOrder(tx: Tx, orderId: string, clientId?: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), clientId ? eq(orders.clientId, clientId) : undefined))
    .for('update');
  return row;
}

/** Applications and lots bid per IPO, cancelled ones apart. */
export async function ipoDemand(executor: Executor, ipoIds: string[]) {
  const rows = ipoIds.length
    ? await executor
        .select({
          id: orders.offeringId,
          applications: count(),
          lots: sum(orders.lots),
        })
        .from(orders)
        .where(
          and(
            eq(orders.type, 'ipo'),
            sql`${orders.offeringId} in ${ipoIds}`,
            sql`${orders.status} not in ('cancelled')`,
          ),
        )
        .groupBy(orders.offeringId)
    : [];
  return new Map(
    rows.map((r) => [r.id!, { applications: r.applications, lots: Number(r.lots ?? 0) }]),
  );
}

/** An issue's awaiting applications, oldest first, locked for the allotment. */
export const awaitingApplications = (tx: Tx, ipoId: string) =>
  tx
    .select()
    .from(orders)
    .where(and(eq(orders.offeringId, ipoId), eq(orders.type, 'ipo'), eq(orders.status, 'awaiting')))
    .orderBy(asc(orders.createdAt))
    .for('update');

export function createOrderReads(deps: { db: Db; nameOf: NameOf }) {
  const { db } = deps;
  const views = (rows: OrderRow[], executor: Executor = db) =>
    orderViews(deps.nameOf, rows, executor);
  const viewOf = async (row: OrderRow, executor: Executor = db) =>
    (await views([row], executor))[0]!;
  const list = (query: OrderListQuery) => listOrders(db, query);

  return {
    views,
    viewOf,
    list,

    /** Institutional requests and OTC takes waiting for the desk. */
    async countAwaitingDesk() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.status, 'awaiting'), inArray(orders.type, ['institutional', 'otc'])));
      return row?.n ?? 0;
    },

    async ofClient(clientId: string, orderId: string): Promise<TOrder> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)));
      if (!row) throw notFound(TM.orderNotFound);
      return viewOf(row);
    },

    /** How some orders ended: status, quantity filled and, for sells, what reached the cash. */
    async outcomes(orderIds: string[], executor: Executor = db) {
      if (orderIds.length === 0) return [];
      const rows = await executor.select().from(orders).where(inArray(orders.id, orderIds));
      return rows.map((r) => ({
        id: r.id,
        symbol: r.symbol,
        status: r.status,
        quantity: r.quantity,
        filledQuantity: r.filledQuantity,
        proceedsPaise: r.side === 'sell' ? r.filledValuePaise - r.chargesPaise : 0n,
      }));
    },

    /** A client's orders, newest first, by (created_at, id) cursor. */
    listOfClient(clientId: string, query: TOrderListQuery & { limit: number }) {
      return list({ ...query, clientId, order: 'newest' });
    },
  };
}
export type OrderReads = ReturnType<typeof createOrderReads>;
