import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { dayRange, istDateOf } from '../../platform/ist.ts';
import { fills } from './tables.ts';

/** Whether a sell of `symbol` by the client today (IST) already paid the DP charge. */
export async function paidDpToday(clock: Clock, tx: Executor, clientId: string, symbol: string) {
  const { start, end } = dayRange(istDateOf(clock.now()), istDateOf(clock.now()));
  const [row] = await tx
    .select({ id: fills.id })
    .from(fills)
    .where(
      and(
        eq(fills.clientId, clientId),
        eq(fills.symbol, symbol),
        eq(fills.side, 'sell'),
        gte(fills.executedAt, start!),
        lt(fills.executedAt, end!),
        sql`coalesce((${fills.charges} ->> 'dp_paise')::bigint, 0) > 0`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
