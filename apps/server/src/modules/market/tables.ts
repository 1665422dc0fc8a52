import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });

/** Equities and the six indices. Reference data ships in ./data and is upserted at start-up. */
export const instruments = pgTable('instruments', {
  symbol: text('symbol').primaryKey(),
  market: text('market').notNull(), // NSE | INDEX
  isin: text('isin'),
  name: text('name').notNull(),
  sector: text('sector'),
  industry: text('industry'),
  /** nifty50 | midcap | smallcap | index */
  segment: text('segment').notNull(),
  fno: boolean('fno').notNull().default(false),
  /** Fixed daily band in percent; null for F&O stocks and indices. */
  bandPct: integer('band_pct'),
  sharesOutstanding: bigint('shares_outstanding', { mode: 'number' }),
  avgDailyVolume: bigint('avg_daily_volume', { mode: 'number' }),
  beta: doublePrecision('beta').notNull().default(1),
  /** The last official close known (reference data or an imported bhavcopy). */
  refClosePaise: paise('ref_close_paise').notNull(),
  /** Index level at the reference closes (indices only). */
  baseValuePaise: paise('base_value_paise'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companyProfiles = pgTable('company_profiles', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => instruments.symbol, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  founded: integer('founded'),
  headquarters: text('headquarters'),
  website: text('website'),
  videoUrl: text('video_url'),
});

export const indexConstituents = pgTable(
  'index_constituents',
  {
    indexSymbol: text('index_symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    weight: doublePrecision('weight').notNull(),
    /** The constituent's price when the index stood at its base value. */
    basePricePaise: paise('base_price_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.indexSymbol, t.symbol] })],
);

/** OHLCV per bucket in paise; the forming bucket is upserted as trades arrive. */
export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    open: paise('open').notNull(),
    high: paise('high').notNull(),
    low: paise('low').notNull(),
    close: paise('close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.start] })],
);

/**
 * Moved by the database itself (migration 0057's triggers) whenever a write can change a
 * scrip's past daily bars: what the kept closes of daily-closes-cache.ts check. '*' moves on a
 * TRUNCATE of candles.
 */
export const candleHistoryVersions = pgTable('candle_history_versions', {
  symbol: text('symbol').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** The engine's last state per instrument, so a restart resumes where the market was. */
export const quoteState = pgTable('quote_state', {
  symbol: text('symbol').primaryKey(),
  tradingDate: date('trading_date').notNull(),
  last: paise('last').notNull(),
  open: paise('open'),
  high: paise('high'),
  low: paise('low'),
  prevClose: paise('prev_close').notNull(),
  volume: bigint('volume', { mode: 'number' }).notNull().default(0),
  valuePaise: paise('value_paise').notNull().default(0),
  tickBasis: paise('tick_basis').notNull(),
  rangePct: integer('range_pct'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** End-of-day prices imported from bhavcopy files; the replay feed plays them back. */
export const eodPrices = pgTable(
  'eod_prices',
  {
    tradeDate: date('trade_date').notNull(),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    open: paise('open').notNull(),
    high: paise('high').notNull(),
    low: paise('low').notNull(),
    close: paise('close').notNull(),
    prevClose: paise('prev_close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
    valuePaise: paise('value_paise').notNull(),
    importId: uuid('import_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tradeDate, t.symbol] })],
);

export const priceImports = pgTable('price_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  rows: integer('rows').notNull(),
  tradeDates: text('trade_dates').array().notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.symbol] }),
    index('watchlist_items_client_position').on(t.clientId, t.position),
  ],
);

/**
 * A company's video, uploaded by staff. Kept apart from company_profiles, whose rows the
 * reference data rewrites at every start. The file is `videos/<storage name>` in the file store;
 * a new upload gets a new name, so the old one can be cached for good.
 */
export const companyVideos = pgTable('company_videos', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => instruments.symbol, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedBy: uuid('uploaded_by')
    .notNull()
    .references(() => staff.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
});
