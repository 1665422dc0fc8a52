import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fills } from './tables.ts';

/**
 * The brokerage a client paid on fills executed in [from, to]: what an offer's cashback
 * gives back a share of (the offers module reads it through this port). `to` is the claim's
 * moment and counts: a fill stamped in that same millisecond has already been paid for.
 */
export async function brokeragePaid(
  db: Db,
  clientId: string,
  from: Date,
  to: Date,
): Promise<bigint> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum((${fills.charges}->>'brokerage_paise')::bigint), 0)::text`,
    })
    .from(fills)
    .where(
      and(eq(fills.clientId, clientId), gte(fills.executedAt, from), lte(fills.executedAt, to)),
    );
  return BigInt(row?.total ?? '0');
}
