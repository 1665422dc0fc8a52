import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TOrderListQuery } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { dayRange } from '../../platform/ist.ts';
import type { OrderRow } from './order-row.ts';
import { orders } from './tables.ts';

export type OrderListQuery = Partial<TOrderListQuery> & {
  limit: number;
  clientId?: string | undefined;
  offeringId?: string | undefined;
  statusIn?: string[] | undefined;
  order: 'newest' | 'oldest';
};

/** Orders matching the query, newest or oldest first, by (created_at, id) cursor. */
export async function listOrders(
  db: Db,
  query: OrderListQuery,
): Promise<{ items: OrderRow[]; next_cursor: string | null }> {
  const conditions = filtersOf(query);
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

function filtersOf(query: OrderListQuery): (SQL | undefined)[] {
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
  return conditions;
}
