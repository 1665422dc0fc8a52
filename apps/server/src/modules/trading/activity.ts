/**
 * A client's trading record for the engagement module (wired in context.ts): every fill,
 * the orders that filled by how they were placed, and how many IPO bids they made.
 */
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fills, orders } from './tables.ts';

export function createTradingActivity(db: Db) {
  return {
    async activityOf(clientId: string) {
      const [rows, byType, [ipo]] = await Promise.all([
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
          .select({ type: orders.type, n: count() })
          .from(orders)
          .where(and(eq(orders.clientId, clientId), gt(orders.filledQuantity, 0)))
          .groupBy(orders.type),
        db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.clientId, clientId), eq(orders.type, 'ipo'))),
      ]);
      return {
        fills: rows.map((r) => ({ ...r, side: r.side as 'buy' | 'sell' })),
        filledOrdersByType: Object.fromEntries(byType.map((r) => [r.type, r.n])),
        ipoBids: ipo?.n ?? 0,
      };
    },
  };
}
