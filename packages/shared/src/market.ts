/**
 * Market data: the stock-data API of spec §7 (`/stock/api/v1`), the market API
 * (`/market/app/v1`), the news API and the live-quote WebSocket (`/ws/app/v1`).
 * Prices travel as rupees with 2 decimals (every NSE tick is a whole number of paise);
 * the server keeps them as integer paise.
 */
import { z } from 'zod';
import type { TChatFrame } from './support.ts';
import type { MARKET_INDICES } from './constants.ts';
import { MARKET_FILTERS } from './constants.ts';
import type { TPriceAlert } from './alerts.ts';
import type { TClientNotification } from './notifications.ts';

export type TIndexSymbol = (typeof MARKET_INDICES)[number];
export type TMarketFilter = (typeof MARKET_FILTERS)[number];

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '1d', '1w'] as const;
export type TCandleInterval = (typeof CANDLE_INTERVALS)[number];

export const RANKING_TYPES = ['gainers', 'losers', 'week52_high', 'week52_low'] as const;
export type TRankingType = (typeof RANKING_TYPES)[number];

export const MOST_ACTIVE_BY = ['volume', 'value'] as const;

/** `NSE` for equities, `INDEX` for the six indices. */
export const MARKETS = ['NSE', 'INDEX'] as const;
export type TMarket = (typeof MARKETS)[number];

export const QUOTE_COALESCE_MS = 250;
export const WS_HEARTBEAT_MS = 15_000;
export const WS_MAX_SUBSCRIPTIONS = 200;
export const WATCHLIST_MAX = 100;
export const SEARCH_RESULT_LIMIT = 20;

export const MarketMessage = {
  apiKey: 'A valid X-API-KEY header is required.',
  marketInvalid: 'market must be NSE or INDEX.',
  symbolRequired: 'Symbol is required.',
  symbolUnknown: 'Unknown symbol.',
  intervalInvalid: `interval must be one of ${CANDLE_INTERVALS.join(', ')}.`,
  queryRequired: 'Search text is required.',
  stocksArray: 'The request body must be an array of stocks.',
  stocksTooMany: 'At most 200 stocks per request.',
  filterInvalid: `filter must be one of ${MARKET_FILTERS.join(', ')}.`,
  rankingInvalid: `type must be one of ${RANKING_TYPES.join(', ')}.`,
  byInvalid: 'by must be volume or value.',
  watchlistFull: `A watchlist holds at most ${WATCHLIST_MAX} symbols.`,
  watchlistOrder: 'The order must list exactly the symbols on your watchlist.',
  notAnIndex: 'Indices cannot be added to a watchlist.',
} as const;

export type TMarketSession = 'pre_open' | 'open' | 'closed';

export type TMarketStatus = {
  session: TMarketSession;
  /** Why the market is closed: 'weekend', 'holiday', 'after_hours', 'before_hours'. */
  reason: string | null;
  /** The holiday's name when reason is 'holiday'. */
  holiday: string | null;
  next_open: string | null;
  always_open: boolean;
  now: string;
};

/** A live quote. Indices carry market 'INDEX' and no bands, volume or value. */
export type TQuote = {
  symbol: string;
  market: TMarket;
  name: string;
  sector: string | null;
  price: number;
  change: number;
  change_pct: number;
  open: number;
  high: number;
  low: number;
  prev_close: number;
  volume: number;
  /** Traded value in rupees. */
  value: number;
  upper_band: number | null;
  lower_band: number | null;
  week52_high: number;
  week52_low: number;
  updated_at: string;
};

/** The fields a tick may change; a WebSocket tick carries symbol plus only what changed. */
export type TQuoteTick = Pick<TQuote, 'symbol'> &
  Partial<
    Pick<
      TQuote,
      | 'price'
      | 'change'
      | 'change_pct'
      | 'open'
      | 'high'
      | 'low'
      | 'volume'
      | 'value'
      | 'updated_at'
    >
  >;

export type TStockDetail = TQuote & {
  isin: string | null;
  industry: string | null;
  tick_size: number;
  /** Price band in percent; null for F&O stocks (no fixed band, 10% operating range). */
  band_pct: number | null;
  fno: boolean;
  market_cap: number | null;
  avg_volume: number | null;
  session: TMarketSession;
  indices: string[];
};

export type TCompany = {
  symbol: string;
  market: TMarket;
  name: string;
  isin: string | null;
  sector: string | null;
  industry: string | null;
  description: string;
  founded: number | null;
  headquarters: string | null;
  website: string | null;
  video_url: string | null;
};

/** `time` is the bucket start in Unix seconds (what lightweight-charts expects). */
export type TCandle = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

export type TChartData = {
  symbol: string;
  market: TMarket;
  interval: TCandleInterval;
  candles: TCandle[];
};

export type TSearchItem = { symbol: string; market: TMarket; name: string; price: number };
export type TSearchResult = { items: TSearchItem[] };

export type THeatmapSector = {
  sector: string;
  change_pct: number;
  market_cap: number;
  stocks: { symbol: string; name: string; price: number; change_pct: number; market_cap: number }[];
};

export type TTheme = {
  id: string;
  title: string;
  description: string;
  change_pct: number;
  stocks: TQuote[];
};

/** One row of the market filter's list: an equity, or a deal published by the trading desk. */
export type TMarketListItem = {
  kind: 'stock' | 'otc' | 'ipo';
  id: string;
  symbol: string;
  name: string;
  price: number;
  change_pct: number | null;
  /** For otc and ipo rows: what the desk offers, e.g. 'Buy 5,000 @ ₹1,402.50' or 'Band ₹90–95'. */
  detail: string | null;
};

export type TMarketConfig = {
  /** The stock-data API's key: for a client whose KYC is approved, else null. */
  stock_api_key: string | null;
  ws_path: string;
  coalesce_ms: number;
  heartbeat_ms: number;
};

// ---------- Requests ----------

const symbol = z
  .string({ error: MarketMessage.symbolRequired })
  .trim()
  .min(1, MarketMessage.symbolRequired)
  .max(32, MarketMessage.symbolUnknown)
  .transform((v) => v.toUpperCase());
const market = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(MARKETS, { error: MarketMessage.marketInvalid }))
  .default('NSE');
const limit = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const ZChartDataQuery = z.object({
  market,
  symbol,
  interval: z.enum(CANDLE_INTERVALS, { error: MarketMessage.intervalInvalid }).default('1d'),
  limit: limit(2000, 300),
});
export const ZStockQuery = z.object({ market, s: symbol });
export const ZSearchQuery = z.object({
  query: z
    .string({ error: MarketMessage.queryRequired })
    .trim()
    .min(1, MarketMessage.queryRequired)
    .max(64),
  limit: limit(50, SEARCH_RESULT_LIMIT),
});
/** POST /stock/api/v1/stock: ['RELIANCE', ...] or [{symbol, market}, ...]. */
export const ZStockListBody = z
  .array(z.union([symbol, z.object({ symbol, market })]), { error: MarketMessage.stocksArray })
  .max(200, MarketMessage.stocksTooMany);

export const ZMarketListQuery = z.object({
  filter: z.enum(MARKET_FILTERS, { error: MarketMessage.filterInvalid }).default('all'),
  cursor: z.string().max(200).optional(),
  limit: limit(100, 20),
});
export const ZRankingQuery = z.object({
  type: z.enum(RANKING_TYPES, { error: MarketMessage.rankingInvalid }).default('gainers'),
  limit: limit(100, 20),
});
export const ZMostActiveQuery = z.object({
  by: z.enum(MOST_ACTIVE_BY, { error: MarketMessage.byInvalid }).default('volume'),
  limit: limit(100, 20),
});
export const ZWatchlistAdd = z.object({ symbol });
export const ZWatchlistOrder = z.object({ symbols: z.array(symbol).max(WATCHLIST_MAX) });

// ---------- WebSocket /ws/app/v1 ----------

export type TWsClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; symbols: string[] }
  | { type: 'unsubscribe'; symbols: string[] }
  | { type: 'pong' }
  | { type: 'chat.typing' };

export type TWsServerMessage =
  | { type: 'ready' }
  | { type: 'snapshot'; quotes: TQuote[] }
  | { type: 'ticks'; quotes: TQuoteTick[] }
  | { type: 'status'; status: TMarketStatus }
  | { type: 'ping'; t: number }
  | { type: 'error'; message: string }
  /** The support chat's frames (docs/api-support.md). */
  | TChatFrame
  /** A price alert of this client fired (alerts module): shown as a toast. */
  | { type: 'alert'; alert: TPriceAlert }
  /** A step the client is told of happened (notifications.ts): the bell reloads its list. */
  | { type: 'notification'; notification: TClientNotification };

export const ZWsClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({
    type: z.literal('subscribe'),
    symbols: z.array(symbol).max(WS_MAX_SUBSCRIPTIONS),
  }),
  z.object({
    type: z.literal('unsubscribe'),
    symbols: z.array(symbol).max(WS_MAX_SUBSCRIPTIONS),
  }),
  z.object({ type: z.literal('pong') }),
  /** The client is typing in the support chat (docs/api-support.md). */
  z.object({ type: z.literal('chat.typing') }),
]);
