import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `ON CONFLICT DO UPDATE` set that takes these columns from the row the insert proposed
 * (`excluded.<column>`), named once by their property instead of restated as SQL.
 */
export function fromExcluded<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    keys.map((key) => [key, sql.raw(`excluded.${columns[key]!.name}`)]),
  ) as Record<K, SQL>;
}
