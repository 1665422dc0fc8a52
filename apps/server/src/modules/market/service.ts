/**
 * What the market APIs answer: quotes and details from the engine, candles and watchlists
 * from the database, search over the instrument universe, and the market filter's lists.
 */
import {
  MARKET_INDICES,
  type TCandleInterval,
  type TMarket,
  type TMarketFilter,
  type TQuote,
  type TRankingType,
} from '@sampada/shared';
import { reorder, unwatch, watch, watchlistOf } from './client-watchlist.ts';
import type { MarketDeps, SearchState } from './market-deps.ts';
import { heatmap, marketList, mostActive, rankings, themes } from './market-lists.ts';
import { instrumentOf, knownQuotes, quoteOf } from './market-reads.ts';
import { searchMarket } from './market-search.ts';
import { createDailyClosesCache } from './daily-closes-cache.ts';
import { chartBetween, chartOf, companyOf, dailyCloses, stockDetail } from './stock-views.ts';

// What other modules use of the market besides this service: the market as assembled, its
// new-listing shape, and a quote's price band and tick.
export type { Market, NewListing } from './market.ts';
export { bandFor, tickOf } from './model.ts';
// The close of the normal market (IST minute): settlement's job prepares after it (052).
export { CLOSE_MINUTE } from './calendar.ts';
// A corporate action's price re-base in SQL, for the alerts re-based with the market (051).
export { priceSql } from './rebase.ts';

export type { DealsSource } from './market-deps.ts';

export function createMarketService(deps: MarketDeps) {
  const { clock, engine, calendar } = deps;
  const search: SearchState = { index: null };
  const dailyClosesOf = createDailyClosesCache(deps.db, clock);

  return {
    status: () => calendar.status(clock.now()),
    indices: (): TQuote[] => knownQuotes(engine, MARKET_INDICES),
    quote: (symbol: string, market: TMarket = 'NSE'): TQuote =>
      quoteOf(engine, instrumentOf(engine, symbol, market).symbol),

    /** Quotes for the symbols asked, in their order; unknown ones are left out. */
    quotes(items: { symbol: string; market?: TMarket }[]): TQuote[] {
      return items.flatMap(({ symbol, market }) => {
        const instrument = engine.instrument(symbol);
        if (!instrument || (market && instrument.market !== market)) return [];
        return [quoteOf(engine, symbol)];
      });
    },
    detail: (symbol: string, market: TMarket) => stockDetail(deps, symbol, market),
    company: (symbol: string, market: TMarket) => companyOf(deps, symbol, market),
    chart: (symbol: string, market: TMarket, interval: TCandleInterval, limit: number) =>
      chartOf(deps, symbol, market, interval, limit),
    /** The candles starting within [from, to], however old. */
    chartBetween: (
      symbol: string,
      market: TMarket,
      interval: TCandleInterval,
      range: { from: Date; to: Date },
    ) => chartBetween(deps, symbol, market, interval, range),
    dailyCloses: (symbol: string, limit = 2_000) => dailyCloses(deps, symbol, limit),
    /** Each scrip's last 2,000 daily closes, the past ones kept per instance (the returns). */
    dailyClosesOf,
    search: (text: string, limit: number) => searchMarket(engine, search, text, limit),
    heatmap: () => heatmap(engine),
    mostActive: (by: 'volume' | 'value', limit: number) => mostActive(engine, by, limit),
    rankings: (type: TRankingType, limit: number) => rankings(engine, type, limit),
    list: (filter: TMarketFilter, cursor: string | undefined, limit: number) =>
      marketList(deps, filter, cursor, limit),
    themes: () => themes(deps),
    watchlist: (clientId: string) => watchlistOf(deps, clientId),
    addToWatchlist: (clientId: string, symbol: string) => watch(deps, clientId, symbol),
    removeFromWatchlist: (clientId: string, symbol: string) => unwatch(deps, clientId, symbol),
    reorderWatchlist: (clientId: string, symbols: string[]) => reorder(deps, clientId, symbols),
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
