/**
 * Clients' trading records for the engagement module (wired in context.ts): every fill, the
 * orders that filled by how they were placed, and how many IPO bids they made.
 */
import { asc, count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fills, orders } from './tables.ts';

type FillRecord = Pick<
  typeof fills.$inferSelect,
  'symbol' | 'quantity' | 'valuePaise' | 'chargesPaise' | 'realisedPaise' | 'executedAt'
> & { side: 'buy' | 'sell' };

export type TradingRecord = {
  fills: FillRecord[];
  filledOrdersByType: Record<string, number>;
  ipoBids: number;
};

export function createTradingActivity(db: Db) {
  return {
    /** Several clients' records in two statements: client → record (an empty one if none). */
    async activityOfMany(clientIds: readonly string[]): Promise<Map<string, TradingRecord>> {
      const ids = [...clientIds];
      // Two statements, not three: one pass over the orders counts both the filled ones by
      // type and the IPO bids (filled or not).
      const [rows, byType] = await Promise.all([
        db
          .select({
            clientId: fills.clientId,
            symbol: fills.symbol,
            side: fills.side,
            quantity: fills.quantity,
            valuePaise: fills.valuePaise,
            chargesPaise: fills.chargesPaise,
            realisedPaise: fills.realisedPaise,
            executedAt: fills.executedAt,
          })
          .from(fills)
          .where(inArray(fills.clientId, ids))
          .orderBy(asc(fills.id)),
        db
          .select({
            clientId: orders.clientId,
            type: orders.type,
            filled: sql<number>`(count(*) filter (where ${orders.filledQuantity} > 0))::int`,
            placed: count(),
          })
          .from(orders)
          .where(inArray(orders.clientId, ids))
          .groupBy(orders.clientId, orders.type),
      ]);
      const records = new Map<string, TradingRecord>(
        ids.map((id) => [id, { fills: [], filledOrdersByType: {}, ipoBids: 0 }]),
      );
      for (const { clientId, ...fill } of rows)
        records.get(clientId)?.fills.push({ ...fill, side: fill.side as 'buy' | 'sell' });
      for (const row of byType) {
        const record = records.get(row.clientId);
        if (!record) continue;
        if (row.filled > 0) record.filledOrdersByType[row.type] = row.filled;
        if (row.type === 'ipo') record.ipoBids = row.placed;
      }
      return records;
    },
  };
}
