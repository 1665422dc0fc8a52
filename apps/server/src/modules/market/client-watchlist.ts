/** The client's watchlist: its quotes, and a symbol added, removed, or the order changed. */
import { MarketMessage, type TQuote, WATCHLIST_MAX } from '@sampada/shared';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { MarketDeps } from './market-deps.ts';
import { knownQuotes } from './market-reads.ts';
import {
  addToWatchlist,
  removeFromWatchlist,
  reorderWatchlist,
  watchlistSymbols,
} from './watchlist.ts';

type WatchlistDeps = Pick<MarketDeps, 'db' | 'engine'>;

export async function watchlistOf(
  { db, engine }: WatchlistDeps,
  clientId: string,
): Promise<TQuote[]> {
  const symbols = await watchlistSymbols(db, clientId);
  return knownQuotes(engine, symbols);
}

export async function watch(deps: WatchlistDeps, clientId: string, symbol: string) {
  const instrument = deps.engine.instrument(symbol);
  if (!instrument) throw notFound(MarketMessage.symbolUnknown);
  if (instrument.market === 'INDEX') throw badRequest(MarketMessage.notAnIndex);
  await deps.db.transaction(async (tx) => {
    const symbols = await watchlistSymbols(tx, clientId);
    if (symbols.includes(symbol)) return;
    if (symbols.length >= WATCHLIST_MAX) throw badRequest(MarketMessage.watchlistFull);
    await addToWatchlist(tx, clientId, symbol);
  });
  return watchlistOf(deps, clientId);
}

export async function unwatch(deps: WatchlistDeps, clientId: string, symbol: string) {
  await removeFromWatchlist(deps.db, clientId, symbol);
  return watchlistOf(deps, clientId);
}

export async function reorder(deps: WatchlistDeps, clientId: string, symbols: string[]) {
  await deps.db.transaction(async (tx) => {
    const current = await watchlistSymbols(tx, clientId);
    const same =
      current.length === symbols.length &&
      new Set(symbols).size === symbols.length &&
      symbols.every((s) => current.includes(s));
    if (!same) throw badRequest(MarketMessage.watchlistOrder);
    await reorderWatchlist(tx, clientId, symbols);
  });
  return watchlistOf(deps, clientId);
}
