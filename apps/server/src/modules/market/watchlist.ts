/** A client's watchlist's SQL: symbols in the client's order. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { watchlistItems } from './tables.ts';

export async function watchlistSymbols(db: Executor, clientId: string) {
  const rows = await db
    .select({ symbol: watchlistItems.symbol })
    .from(watchlistItems)
    .where(eq(watchlistItems.clientId, clientId))
    .orderBy(asc(watchlistItems.position), asc(watchlistItems.addedAt));
  return rows.map((r) => r.symbol);
}

export async function addToWatchlist(db: Executor, clientId: string, symbol: string) {
  await db
    .insert(watchlistItems)
    .values({
      clientId,
      symbol,
      position: sql`(select coalesce(max(position), -1) + 1 from watchlist_items where client_id = ${clientId})`,
    })
    .onConflictDoNothing();
}

export async function removeFromWatchlist(db: Executor, clientId: string, symbol: string) {
  await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.clientId, clientId), eq(watchlistItems.symbol, symbol)));
}

export async function reorderWatchlist(db: Executor, clientId: string, symbols: string[]) {
  for (const [position, symbol] of symbols.entries()) {
    await db
      .update(watchlistItems)
      .set({ position })
      .where(and(eq(watchlistItems.clientId, clientId), eq(watchlistItems.symbol, symbol)));
  }
}
