/**
 * A client's trading record for the engagement module (wired in context.ts): every fill,
 * the orders that filled by how they were placed, and how many IPO bids they made.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fills, orders } from './tables.ts';

export function createTradingActivity(db: Db) {
  return {
    async activityOf(clientId: string) {
      // Two statements, not three: one pass over the client's orders counts both the filled
      // ones by type and the IPO bids (filled or not).
      const [rows, byType] = await Promise.all([
        db
          .select({
            symbol: fills.symbol,
            side: fills.side,
            quantity: fills.quantity,
            valuePaise: fills.valuePaise,
            chargesPaise: fills.chargesPaise,
            realisedPaise: fills.realisedPaise,
            executedAt: fills.executedAt,
          })
          .from(fills)
          .where(eq(fills.clientId, clientId))
          .orderBy(asc(fills.id)),
        db
          .select({
            type: orders.type,
            filled: sql<number>`(count(*) filter (where ${orders.filledQuantity} > 0))::int`,
            placed: count(),
          })
          .from(orders)
          .where(eq(orders.clientId, clientId))
          .groupBy(orders.type),
      ]);
      return {
        fills: rows.map((r) => ({ ...r, side: r.side as 'buy' | 'sell' })),
        filledOrdersByType: Object.fromEntries(
          byType.filter((r) => r.filled > 0).map((r) => [r.type, r.filled]),
        ),
        ipoBids: byType.find((r) => r.type === 'ipo')?.placed ?? 0,
      };
    },
  };
}
