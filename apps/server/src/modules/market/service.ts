/**
 * What the market APIs answer: quotes and details from the engine, candles and watchlists
 * from the database, search over the instrument universe, and the market filter's lists.
 */
import {
  MARKET_INDICES,
  MarketMessage,
  type TCandleInterval,
  type TChartData,
  type TCompany,
  type THeatmapSector,
  type TMarket,
  type TMarketFilter,
  type TMarketListItem,
  type TQuote,
  type TRankingType,
  type TSearchItem,
  type TStockDetail,
  type TTheme,
  WATCHLIST_MAX,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { encodeCursor, decodeCursor } from '../../platform/cursor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { MarketCalendar } from './calendar.ts';
import type { CompanyVideos } from './company-videos.ts';
import { recentCandles } from './candles.ts';
import type { MarketEngine } from './engine.ts';
import { companyProfile } from './instruments.ts';
import { bandFor, type Instrument } from './model.ts';
import type { ReferenceTheme } from './reference-data.ts';
import { createSearchIndex, type SearchIndex } from './search.ts';
import { paiseToRupees, tickSizeFor } from './ticks.ts';
import {
  addToWatchlist,
  removeFromWatchlist,
  reorderWatchlist,
  watchlistSymbols,
} from './watchlist.ts';

// What other modules use of the market besides this service: the market as assembled, its
// new-listing shape, and a quote's price band and tick.
export type { Market, NewListing } from './market.ts';
export { bandFor, tickOf } from './model.ts';
// The close of the normal market (IST minute): settlement's job prepares after it (052).
export { CLOSE_MINUTE } from './calendar.ts';
// A corporate action's price re-base in SQL, for the alerts re-based with the market (051).
export { priceSql } from './rebase.ts';

/**
 * The trading desk's open OTC quotes and IPOs for the market filter. The trading module
 * implements it; the composition root (context.ts) hands it over when it builds this service.
 */
export type DealsSource = {
  otc(): Promise<TMarketListItem[]>;
  ipo(): Promise<TMarketListItem[]>;
};

type SearchRow = { symbol: string; name: string; market: TMarket; weight: number };

export function createMarketService(deps: {
  db: Db;
  clock: Clock;
  engine: MarketEngine;
  calendar: MarketCalendar;
  themes: ReferenceTheme[];
  deals: DealsSource;
  videos: CompanyVideos;
}) {
  const { db, clock, engine, calendar, deals, videos } = deps;

  const equities = () => engine.instruments().filter((i) => i.market === 'NSE');
  const marketCapOf = (symbol: string) => {
    const instrument = engine.instrument(symbol);
    const state = engine.state(symbol);
    return instrument?.sharesOutstanding && state
      ? paiseToRupees(state.last) * instrument.sharesOutstanding
      : 0;
  };

  function instrumentOf(symbol: string, market: TMarket = 'NSE') {
    const instrument = engine.instrument(symbol);
    if (!instrument || instrument.market !== market) throw notFound(MarketMessage.symbolUnknown);
    return instrument;
  }

  const quoteOf = (symbol: string) => engine.quote(symbol)!;

  /**
   * Built once per loaded universe and rebuilt on the first search after it changes (a new
   * listing gives the engine a new instrument array, here or through the bus on followers).
   * Ties go to indices, then the largest companies.
   */
  let index: { source: readonly Instrument[]; search: SearchIndex<SearchRow> } | null = null;
  const searchIndex = () => {
    const source = engine.instruments();
    if (index?.source !== source) {
      index = {
        source,
        search: createSearchIndex(
          source.map((i) => ({
            symbol: i.symbol,
            name: i.name,
            market: i.market,
            weight:
              i.market === 'INDEX'
                ? Number.MAX_SAFE_INTEGER
                : (i.sharesOutstanding ?? 0) * i.refClosePaise,
          })),
        ),
      };
    }
    return index.search;
  };
  const equityQuotes = () => equities().map((i) => quoteOf(i.symbol));

  return {
    status: () => calendar.status(clock.now()),

    indices: (): TQuote[] =>
      MARKET_INDICES.flatMap((s) => (engine.quote(s) ? [engine.quote(s)!] : [])),

    quote(symbol: string, market: TMarket = 'NSE'): TQuote {
      return quoteOf(instrumentOf(symbol, market).symbol);
    },

    /** Quotes for the symbols asked, in their order; unknown ones are left out. */
    quotes(items: { symbol: string; market?: TMarket }[]): TQuote[] {
      return items.flatMap(({ symbol, market }) => {
        const instrument = engine.instrument(symbol);
        if (!instrument || (market && instrument.market !== market)) return [];
        return [quoteOf(symbol)];
      });
    },

    detail(symbol: string, market: TMarket): TStockDetail {
      const instrument = instrumentOf(symbol, market);
      const state = engine.state(symbol)!;
      const indices = MARKET_INDICES.filter((x) =>
        engine.constituentsOf(x).some((c) => c.symbol === symbol),
      );
      const fixedBand = instrument.market === 'NSE' && !instrument.fno;
      return {
        ...quoteOf(symbol),
        isin: instrument.isin,
        industry: instrument.industry,
        tick_size: paiseToRupees(tickSizeFor(state.tickBasis)),
        band_pct: fixedBand && bandFor(instrument, state) ? (instrument.bandPct ?? 20) : null,
        fno: instrument.fno,
        market_cap: instrument.sharesOutstanding ? marketCapOf(symbol) : null,
        avg_volume: instrument.avgDailyVolume,
        session: calendar.sessionAt(clock.now()).session,
        indices,
      };
    },

    async company(symbol: string, market: TMarket): Promise<TCompany> {
      const instrument = instrumentOf(symbol, market);
      const [profile, uploaded] = await Promise.all([
        companyProfile(db, symbol),
        videos.urlOf(instrument.symbol),
      ]);
      return {
        symbol: instrument.symbol,
        market: instrument.market,
        name: instrument.name,
        isin: instrument.isin,
        sector: instrument.sector,
        industry: instrument.industry,
        description: profile?.description ?? '',
        founded: profile?.founded ?? null,
        headquarters: profile?.headquarters ?? null,
        website: profile?.website ?? null,
        // A video staff uploaded comes before the reference data's link.
        video_url: uploaded ?? profile?.videoUrl ?? null,
      };
    },

    async chart(
      symbol: string,
      market: TMarket,
      interval: TCandleInterval,
      limit: number,
    ): Promise<TChartData> {
      const instrument = instrumentOf(symbol, market);
      const rows = await recentCandles(db, instrument.symbol, interval, limit);
      return {
        symbol: instrument.symbol,
        market: instrument.market,
        interval,
        candles: rows.map((r) => ({
          time: Math.floor(r.start.getTime() / 1000),
          open: paiseToRupees(r.open),
          high: paiseToRupees(r.high),
          low: paiseToRupees(r.low),
          close: paiseToRupees(r.close),
          volume: r.volume,
        })),
      };
    },

    /** Daily closes in paise by IST day, oldest first: the portfolio's returns and benchmark. */
    async dailyCloses(symbol: string, limit = 2_000): Promise<{ day: string; close: number }[]> {
      const rows = await recentCandles(db, symbol, '1d', limit);
      return rows.map((r) => ({ day: istDateOf(r.start), close: r.close }));
    },

    search(text: string, limit: number): TSearchItem[] {
      return searchIndex()
        .search(text, limit)
        .map((i) => ({
          symbol: i.symbol,
          market: i.market,
          name: i.name,
          // The last price alone (a quote's price): a whole quote per hit cost as much as the search.
          price: paiseToRupees(engine.state(i.symbol)!.last),
        }));
    },

    heatmap(): THeatmapSector[] {
      const sectors = new Map<string, THeatmapSector>();
      for (const quote of equityQuotes()) {
        const cap = marketCapOf(quote.symbol);
        const name = quote.sector ?? 'Other';
        const sector = sectors.get(name) ?? {
          sector: name,
          change_pct: 0,
          market_cap: 0,
          stocks: [],
        };
        sector.stocks.push({
          symbol: quote.symbol,
          name: quote.name,
          price: quote.price,
          change_pct: quote.change_pct,
          market_cap: cap,
        });
        sector.market_cap += cap;
        sectors.set(name, sector);
      }
      return [...sectors.values()]
        .map((s) => ({
          ...s,
          change_pct: s.market_cap
            ? Math.round(
                (s.stocks.reduce((sum, x) => sum + x.change_pct * x.market_cap, 0) / s.market_cap) *
                  100,
              ) / 100
            : 0,
          stocks: s.stocks.sort((a, b) => b.market_cap - a.market_cap),
        }))
        .sort((a, b) => b.market_cap - a.market_cap);
    },

    mostActive(by: 'volume' | 'value', limit: number): TQuote[] {
      return equityQuotes()
        .sort((a, b) => b[by] - a[by] || a.symbol.localeCompare(b.symbol))
        .slice(0, limit);
    },

    rankings(type: TRankingType, limit: number): TQuote[] {
      const quotes = equityQuotes();
      const nearness = (q: TQuote) =>
        type === 'week52_high' ? q.price / q.week52_high : q.week52_low / q.price;
      const order: Record<TRankingType, (a: TQuote, b: TQuote) => number> = {
        gainers: (a, b) => b.change_pct - a.change_pct,
        losers: (a, b) => a.change_pct - b.change_pct,
        week52_high: (a, b) => nearness(b) - nearness(a),
        week52_low: (a, b) => nearness(b) - nearness(a),
      };
      return quotes
        .sort((a, b) => order[type](a, b) || a.symbol.localeCompare(b.symbol))
        .slice(0, limit);
    },

    /** The market filter (spec §3): equities by symbol, then the desk's OTC quotes and IPOs. */
    async list(filter: TMarketFilter, cursor: string | undefined, limit: number) {
      const stocks: TMarketListItem[] =
        filter === 'all' || filter === 'stock'
          ? equityQuotes().map((q) => ({
              kind: 'stock',
              id: q.symbol,
              symbol: q.symbol,
              name: q.name,
              price: q.price,
              change_pct: q.change_pct,
              detail: q.sector,
            }))
          : [];
      const otc = filter === 'all' || filter === 'otc' ? await deals.otc() : [];
      const ipo = filter === 'all' || filter === 'ipo' ? await deals.ipo() : [];
      // Deals first: they are what the desk is offering now.
      const rows = [...otc, ...ipo, ...stocks];
      const after = decodeCursor(cursor, 2);
      const start = after ? rows.findIndex((r) => r.kind === after[0] && r.id === after[1]) + 1 : 0;
      const items = rows.slice(start, start + limit);
      const last = items.at(-1);
      return {
        items,
        next_cursor:
          start + limit < rows.length && last ? encodeCursor([last.kind, last.id]) : null,
      };
    },

    themes(): TTheme[] {
      return deps.themes.map((theme) => {
        const stocks = theme.symbols.flatMap((s) => (engine.quote(s) ? [engine.quote(s)!] : []));
        const change =
          stocks.reduce((sum, q) => sum + q.change_pct, 0) / Math.max(1, stocks.length);
        return {
          id: theme.id,
          title: theme.title,
          description: theme.description,
          change_pct: Math.round(change * 100) / 100,
          stocks,
        };
      });
    },

    async watchlist(clientId: string): Promise<TQuote[]> {
      const symbols = await watchlistSymbols(db, clientId);
      return symbols.flatMap((s) => (engine.quote(s) ? [engine.quote(s)!] : []));
    },

    async addToWatchlist(clientId: string, symbol: string) {
      const instrument = engine.instrument(symbol);
      if (!instrument) throw notFound(MarketMessage.symbolUnknown);
      if (instrument.market === 'INDEX') throw badRequest(MarketMessage.notAnIndex);
      await db.transaction(async (tx) => {
        const symbols = await watchlistSymbols(tx, clientId);
        if (symbols.includes(symbol)) return;
        if (symbols.length >= WATCHLIST_MAX) throw badRequest(MarketMessage.watchlistFull);
        await addToWatchlist(tx, clientId, symbol);
      });
      return this.watchlist(clientId);
    },

    async removeFromWatchlist(clientId: string, symbol: string) {
      await removeFromWatchlist(db, clientId, symbol);
      return this.watchlist(clientId);
    },

    async reorderWatchlist(clientId: string, symbols: string[]) {
      await db.transaction(async (tx) => {
        const current = await watchlistSymbols(tx, clientId);
        const same =
          current.length === symbols.length &&
          new Set(symbols).size === symbols.length &&
          symbols.every((s) => current.includes(s));
        if (!same) throw badRequest(MarketMessage.watchlistOrder);
        await reorderWatchlist(tx, clientId, symbols);
      });
      return this.watchlist(clientId);
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
