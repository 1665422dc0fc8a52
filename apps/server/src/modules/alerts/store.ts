/** The price alerts' SQL. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ShareRatio } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { priceSql } from '../market/service.ts';
import { priceAlerts } from './tables.ts';

export type AlertRow = typeof priceAlerts.$inferSelect;
export type TStatusFilter = AlertRow['status'] | undefined;

export async function countActive(db: Executor, clientId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.clientId, clientId), eq(priceAlerts.status, 'active')));
  return row?.n ?? 0;
}

export async function insertAlert(db: Executor, row: typeof priceAlerts.$inferInsert) {
  const [inserted] = await db.insert(priceAlerts).values(row).returning();
  return inserted!;
}

export function alertsOf(db: Executor, clientId: string, status: TStatusFilter, limit = 100) {
  const conditions = [eq(priceAlerts.clientId, clientId)];
  if (status) conditions.push(eq(priceAlerts.status, status));
  return db
    .select()
    .from(priceAlerts)
    .where(and(...conditions))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
    .limit(limit);
}

export function firedOf(db: Executor, clientId: string, limit: number) {
  return db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.clientId, clientId), eq(priceAlerts.status, 'triggered')))
    .orderBy(desc(priceAlerts.triggeredAt), desc(priceAlerts.id))
    .limit(limit);
}

export async function countUnread(db: Executor, clientId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.clientId, clientId),
        eq(priceAlerts.status, 'triggered'),
        isNull(priceAlerts.readAt),
      ),
    );
  return row?.n ?? 0;
}

export async function alertOf(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.clientId, clientId), eq(priceAlerts.id, id)));
  return row ?? null;
}

/** Active → cancelled, guarded on the status: null when it was no longer active. */
export async function cancelActive(db: Executor, clientId: string, id: string, now: Date) {
  const [row] = await db
    .update(priceAlerts)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(priceAlerts.clientId, clientId),
        eq(priceAlerts.id, id),
        eq(priceAlerts.status, 'active'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markRead(db: Executor, clientId: string, now: Date) {
  const rows = await db
    .update(priceAlerts)
    .set({ readAt: now })
    .where(
      and(
        eq(priceAlerts.clientId, clientId),
        eq(priceAlerts.status, 'triggered'),
        isNull(priceAlerts.readAt),
      ),
    )
    .returning({ id: priceAlerts.id });
  return rows.length;
}

/**
 * Fires every active alert that the given last prices reach, in one statement, and returns
 * the alerts it fired. The UPDATE is guarded on `status = 'active'`: a second pass running at
 * the same moment waits on the row lock, re-reads the row, finds it triggered and skips it,
 * so each alert fires exactly once however many passes race.
 */
export async function fireReached(
  db: Executor,
  prices: { symbol: string; lastPaise: bigint }[],
  now: Date,
): Promise<AlertRow[]> {
  if (prices.length === 0) return [];
  const values = sql.join(
    prices.map((p) => sql`(${p.symbol}::text, ${p.lastPaise.toString()}::bigint)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    update price_alerts a
       set status = 'triggered', triggered_at = ${now.toISOString()}::timestamptz,
           triggered_price_paise = p.last
      from (values ${values}) as p(symbol, last)
     where a.symbol = p.symbol
       and a.status = 'active'
       and ((a.direction = 'above' and p.last >= a.price_paise)
         or (a.direction = 'below' and p.last <= a.price_paise))
    returning a.id, a.client_id, a.symbol, a.direction, a.price_paise, a.status, a.created_at,
              a.triggered_at, a.triggered_price_paise, a.cancelled_at, a.read_at`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((r) => ({
    id: String(r.id),
    clientId: String(r.client_id),
    symbol: String(r.symbol),
    direction: String(r.direction),
    pricePaise: BigInt(r.price_paise as string),
    status: String(r.status),
    createdAt: new Date(r.created_at as string),
    triggeredAt: new Date(r.triggered_at as string),
    triggeredPricePaise: BigInt(r.triggered_price_paise as string),
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at as string) : null,
    readAt: r.read_at ? new Date(r.read_at as string) : null,
  }));
}

/** Symbols with at least one active alert: the feed's pass looks only at these. */
export async function symbolsWatched(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ symbol: priceAlerts.symbol })
    .from(priceAlerts)
    .where(eq(priceAlerts.status, 'active'));
  return rows.map((r) => r.symbol);
}

/**
 * A split, consolidation or bonus re-bases the scrip's active alerts to the new shares'
 * prices (decision 051), with the market's own rounding; fired and cancelled ones are history.
 */
export async function rebaseActive(db: Executor, symbol: string, ratio: ShareRatio) {
  const rows = await db
    .update(priceAlerts)
    .set({ pricePaise: priceSql(priceAlerts.pricePaise, ratio) })
    .where(and(eq(priceAlerts.symbol, symbol), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  return rows.length;
}
