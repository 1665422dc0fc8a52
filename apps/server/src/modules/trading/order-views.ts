import { asc, inArray } from 'drizzle-orm';
import type { TOrder } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from './order-row.ts';
import { fills } from './tables.ts';
import { type FillRow, orderView } from './views.ts';

export type NameOf = (symbols: string[], executor?: Executor) => Promise<Map<string, string>>;

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
export async function orderViews(
  nameOf: NameOf,
  rows: OrderRow[],
  executor: Executor,
): Promise<TOrder[]> {
  // An order with nothing filled has no fills (a fill and its order's filled quantity are
  // written in one statement's transaction): a just-placed order's answer reads none.
  const byOrder = await fillsOf(
    rows.filter((r) => r.filledQuantity > 0).map((r) => r.id),
    executor,
  );
  const names = await nameOf([...new Set(rows.map((r) => r.symbol))], executor);
  return rows.map((r) => orderView(r, names.get(r.symbol) ?? r.symbol, byOrder.get(r.id) ?? []));
}
