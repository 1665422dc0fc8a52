/**
 * What the deposit and withdrawal lists share: the filter, the order and the status counts.
 * Each list's own query lives with its aggregate (deposits.ts, withdrawals.ts).
 */
import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { deposits, withdrawals } from './tables.ts';

export type ListFilter = {
  id?: string | undefined;
  clientId?: string | undefined;
  status?: string | undefined;
  /** The (created_at as text, id) of the last row of the previous page. */
  after?: [string, string] | null;
  order: 'oldest' | 'newest';
  limit: number;
};

type Listed = typeof deposits | typeof withdrawals;

export function listWhere(table: Listed, filter: ListFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.id) where.push(eq(table.id, filter.id));
  if (filter.clientId) where.push(eq(table.clientId, filter.clientId));
  if (filter.status) where.push(eq(table.status, filter.status));
  if (filter.after) {
    const cmp = filter.order === 'oldest' ? sql`>` : sql`<`;
    where.push(
      sql`(${table.createdAt}, ${table.id}) ${cmp} (${filter.after[0]}::timestamptz, ${filter.after[1]}::uuid)`,
    );
  }
  return where;
}

export const orderOf = (table: Listed, order: ListFilter['order']) =>
  order === 'oldest'
    ? [asc(table.createdAt), asc(table.id)]
    : [desc(table.createdAt), desc(table.id)];

export async function countByStatus(db: Executor, table: Listed, status: string) {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.status, status));
  return row?.n ?? 0;
}
