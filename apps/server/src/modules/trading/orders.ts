/**
 * Orders as clients and the desk read them: one order with its fills, lists by cursor, the
 * desk's count, and the IPO applications an issue holds. Placing and the client's cancel are
 * in placement.ts, the desk's decisions in desk-decisions.ts; every status change goes
 * through execution.ts.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import { TM, type TOrder, type TOrderListQuery } from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { notFound } from '../../platform/errors.ts';
import { dayRange } from '../../platform/ist.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { OrderRow } from './execution.ts';
import { fills, orders } from './tables.ts';
import { type FillRow, orderView } from './views.ts';

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
  | { type: 'institutional'; offering_id: string; quantity: number; pin: string }
  | { type: 'otc'; offering_id: string; quantity: number; pin: string }
  | { type: 'ipo'; offering_id: string; lots: number; pin: string };

/** A desk decision's actor and transaction, and how to present its result inside it. */
export type DeskOptions<V> = {
  actor: Actor;
  transaction?: TransactionRunner;
  present: (row: OrderRow, tx: Tx) => Promise<V>;
};

export type NameOf = (symbols: string[], executor?: Executor) => Promise<Map<string, string>>;

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
        .select({ id: orders.offeringId, applications: count(), lots: sum(orders.lots) })
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

  async function fillsOf(orderIds: string[], executor: Executor): Promise<Map<string, FillRow[]>> {
    const byOrder = new Map<string, FillRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await executor
      .select()
      .from(fills)
      .where(inArray(fills.orderId, orderIds))
      .orderBy(asc(fills.id));
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /** Views of orders; inside a transaction, pass it (the answer is read in it). */
  async function views(rows: OrderRow[], executor: Executor = db): Promise<TOrder[]> {
    const byOrder = await fillsOf(
      rows.map((r) => r.id),
      executor,
    );
    const names = await deps.nameOf([...new Set(rows.map((r) => r.symbol))], executor);
    return rows.map((r) => orderView(r, names.get(r.symbol) ?? r.symbol, byOrder.get(r.id) ?? []));
  }
  const viewOf = async (row: OrderRow, executor: Executor = db) =>
    (await views([row], executor))[0]!;

  async function list(
    query: Partial<TOrderListQuery> & {
      limit: number;
      clientId?: string | undefined;
      offeringId?: string | undefined;
      statusIn?: string[] | undefined;
      order: 'newest' | 'oldest';
    },
  ): Promise<{ items: OrderRow[]; next_cursor: string | null }> {
    const conditions: (SQL | undefined)[] = [];
    if (query.clientId) conditions.push(eq(orders.clientId, query.clientId));
    if (query.offeringId) conditions.push(eq(orders.offeringId, query.offeringId));
    if (query.view === 'awaiting') conditions.push(eq(orders.status, 'awaiting'));
    if (query.view === 'history') conditions.push(sql`${orders.status} <> 'awaiting'`);
    if (query.status) conditions.push(eq(orders.status, query.status));
    if (query.statusIn) conditions.push(inArray(orders.status, query.statusIn));
    if (query.type) conditions.push(eq(orders.type, query.type));
    if (query.side) conditions.push(eq(orders.side, query.side));
    if (query.symbol) conditions.push(eq(orders.symbol, query.symbol.toUpperCase()));
    const { start, end } = dayRange(query.from, query.to);
    if (start) conditions.push(gte(orders.createdAt, start));
    if (end) conditions.push(lt(orders.createdAt, end));
    const cursor = decodeCursor(query.cursor, 2);
    if (cursor) {
      const at = new Date(cursor[0]!);
      const id = cursor[1]!;
      conditions.push(
        query.order === 'newest'
          ? or(lt(orders.createdAt, at), and(eq(orders.createdAt, at), lt(orders.id, id)))
          : or(
              sql`${orders.createdAt} > ${at}`,
              and(eq(orders.createdAt, at), sql`${orders.id} > ${id}`),
            ),
      );
    }
    const by =
      query.order === 'newest'
        ? [desc(orders.createdAt), desc(orders.id)]
        : [asc(orders.createdAt), asc(orders.id)];
    const rows = await db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(...by)
      .limit(query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items,
      next_cursor:
        rows.length > query.limit && last
          ? encodeCursor([last.createdAt.toISOString(), last.id])
          : null,
    };
  }

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

    /** A client's orders, newest first, by (created_at, id) cursor. */
    listOfClient(clientId: string, query: TOrderListQuery & { limit: number }) {
      return list({ ...query, clientId, order: 'newest' });
    },
  };
}
export type OrderReads = ReturnType<typeof createOrderReads>;
