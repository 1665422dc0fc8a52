/**
 * What a client's trading still needs of their cash, for running-account settlement
 * (decision 045): cash on hold for open buy orders, and sale proceeds not yet settled by the
 * clearing corporation (T+1); and, for Client Assets (decision 047), buys not yet paid.
 */
import { and, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fills, orders } from './tables.ts';

const total = (rows: { total: string }[]) => BigInt(rows[0]?.total ?? '0');

/** Cash still on hold for the client's orders (awaiting buys, IPO bids). */
export async function openOrderHolds(db: Executor, clientId: string): Promise<bigint> {
  return total(
    await db
      .select({ total: sql<string>`coalesce(sum(${orders.holdPaise}), 0)::text` })
      .from(orders)
      .where(and(eq(orders.clientId, clientId), gt(orders.holdPaise, 0n))),
  );
}

/** Net proceeds (value less charges) of the client's sales executed at or after `from`. */
export async function saleProceedsSince(
  db: Executor,
  clientId: string,
  from: Date,
): Promise<bigint> {
  return total(
    await db
      .select({
        total: sql<string>`coalesce(sum(${fills.valuePaise} - ${fills.chargesPaise}), 0)::text`,
      })
      .from(fills)
      .where(
        and(eq(fills.clientId, clientId), eq(fills.side, 'sell'), gte(fills.executedAt, from)),
      ),
  );
}

/**
 * Cost (value plus charges) of the client's buys executed at or after `from`: already taken
 * from their cash, paid by the firm to the clearing corporation at T+1. IPO allotments are
 * not exchange trades (their money sits in the IPO escrow), so they are left out.
 */
export async function buyCostsSince(db: Executor, clientId: string, from: Date): Promise<bigint> {
  return total(
    await db
      .select({
        total: sql<string>`coalesce(sum(${fills.valuePaise} + ${fills.chargesPaise}), 0)::text`,
      })
      .from(fills)
      .innerJoin(orders, eq(orders.id, fills.orderId))
      .where(
        and(
          eq(fills.clientId, clientId),
          eq(fills.side, 'buy'),
          ne(orders.type, 'ipo'),
          gte(fills.executedAt, from),
        ),
      ),
  );
}

/**
 * Which of `clientIds` traded on the exchange in [from, to): the 30-day rule of running-account
 * settlement (decision 052). IPO allotments are the registrar's, not trades, so they are left
 * out — which settles a client sooner, never later.
 */
export async function clientsTradedIn(
  db: Executor,
  clientIds: string[],
  from: Date,
  to: Date,
): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ clientId: fills.clientId })
    .from(fills)
    .innerJoin(orders, eq(orders.id, fills.orderId))
    .where(
      and(
        inArray(fills.clientId, clientIds),
        ne(orders.type, 'ipo'),
        gte(fills.executedAt, from),
        lt(fills.executedAt, to),
      ),
    );
  return new Set(rows.map((r) => r.clientId));
}
