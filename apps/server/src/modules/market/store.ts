/** SQL for the market module's tables. */
import { and, asc, desc, eq, gte, max, min, sql } from 'drizzle-orm';
import { rupeesToPaise, type TCandleInterval } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Bar } from './candles.ts';
import type { Constituent } from './indices.ts';
import type { Instrument, QuoteState } from './model.ts';
import type { ReferenceData } from './reference-data.ts';
import {
  candles,
  companyProfiles,
  indexConstituents,
  instruments,
  quoteState,
  watchlistItems,
} from './tables.ts';

/** Rows per INSERT: PostgreSQL allows 65,535 parameters a statement; candles have 8 columns. */
const chunks = <T>(rows: T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

/**
 * Upserts the shipped reference data. Descriptive fields follow the files; reference closes
 * and index base prices are only set once, since imports and the market move them later.
 */
export async function upsertReferenceData(db: Executor, ref: ReferenceData) {
  const equities = ref.instruments.map((i) => ({
    symbol: i.symbol,
    market: 'NSE',
    isin: i.isin,
    name: i.name,
    sector: i.sector,
    industry: i.industry,
    segment: i.segment,
    fno: i.fno,
    bandPct: null,
    sharesOutstanding: i.sharesOutstanding,
    avgDailyVolume: i.avgDailyVolume,
    beta: i.beta,
    refClosePaise: i.refClosePaise,
    baseValuePaise: null,
  }));
  const indexRows = ref.indices.map((x) => ({
    symbol: x.symbol,
    market: 'INDEX',
    isin: null,
    name: x.name,
    sector: null,
    industry: null,
    segment: 'index',
    fno: false,
    bandPct: null,
    sharesOutstanding: null,
    avgDailyVolume: null,
    beta: 1,
    refClosePaise: Number(rupeesToPaise(x.base_value)),
    baseValuePaise: Number(rupeesToPaise(x.base_value)),
  }));
  for (const rows of chunks([...equities, ...indexRows])) {
    await db
      .insert(instruments)
      .values(rows)
      .onConflictDoUpdate({
        target: instruments.symbol,
        set: {
          isin: sql`excluded.isin`,
          name: sql`excluded.name`,
          sector: sql`excluded.sector`,
          industry: sql`excluded.industry`,
          segment: sql`excluded.segment`,
          fno: sql`excluded.fno`,
          sharesOutstanding: sql`excluded.shares_outstanding`,
          avgDailyVolume: sql`excluded.avg_daily_volume`,
          beta: sql`excluded.beta`,
        },
      });
  }
  const profiles = Object.entries(ref.companies).map(([symbol, c]) => ({
    symbol,
    description: c.description,
    founded: c.founded,
    headquarters: c.headquarters,
    website: c.website,
    videoUrl: c.video_url ?? null,
  }));
  for (const rows of chunks(profiles)) {
    await db
      .insert(companyProfiles)
      .values(rows)
      .onConflictDoUpdate({
        target: companyProfiles.symbol,
        set: {
          description: sql`excluded.description`,
          founded: sql`excluded.founded`,
          headquarters: sql`excluded.headquarters`,
          website: sql`excluded.website`,
          videoUrl: sql`excluded.video_url`,
        },
      });
  }
  const refClose = new Map(ref.instruments.map((i) => [i.symbol, i.refClosePaise]));
  const constituents = ref.indices.flatMap((x) =>
    x.constituents.map((c) => ({
      indexSymbol: x.symbol,
      symbol: c.symbol,
      weight: c.weight,
      basePricePaise: refClose.get(c.symbol) ?? 0,
    })),
  );
  for (const rows of chunks(constituents)) {
    await db
      .insert(indexConstituents)
      .values(rows)
      .onConflictDoUpdate({
        target: [indexConstituents.indexSymbol, indexConstituents.symbol],
        set: { weight: sql`excluded.weight` },
      });
  }
}

export async function loadInstruments(db: Executor): Promise<Instrument[]> {
  const rows = await db.select().from(instruments).orderBy(asc(instruments.symbol));
  return rows.map((r) => ({
    symbol: r.symbol,
    market: r.market as Instrument['market'],
    isin: r.isin,
    name: r.name,
    sector: r.sector,
    industry: r.industry,
    segment: r.segment as Instrument['segment'],
    fno: r.fno,
    bandPct: r.bandPct,
    sharesOutstanding: r.sharesOutstanding,
    avgDailyVolume: r.avgDailyVolume,
    beta: r.beta,
    refClosePaise: r.refClosePaise,
    baseValuePaise: r.baseValuePaise,
  }));
}

export async function loadConstituents(db: Executor): Promise<Map<string, Constituent[]>> {
  const rows = await db.select().from(indexConstituents);
  const byIndex = new Map<string, Constituent[]>();
  for (const r of rows) {
    const list = byIndex.get(r.indexSymbol) ?? [];
    list.push({ symbol: r.symbol, weight: r.weight, basePricePaise: r.basePricePaise });
    byIndex.set(r.indexSymbol, list);
  }
  return byIndex;
}

export async function loadQuoteStates(db: Executor) {
  return db.select().from(quoteState);
}

export async function saveQuoteStates(db: Executor, states: QuoteState[]) {
  for (const rows of chunks(states)) {
    await db
      .insert(quoteState)
      .values(
        rows.map((s) => ({
          symbol: s.symbol,
          tradingDate: s.tradingDate,
          last: s.last,
          open: s.open,
          high: s.high,
          low: s.low,
          prevClose: s.prevClose,
          volume: s.volume,
          valuePaise: Math.round(s.valuePaise),
          tickBasis: s.tickBasis,
          rangePct: s.rangePct,
          updatedAt: s.updatedAt,
        })),
      )
      .onConflictDoUpdate({
        target: quoteState.symbol,
        set: {
          tradingDate: sql`excluded.trading_date`,
          last: sql`excluded.last`,
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          prevClose: sql`excluded.prev_close`,
          volume: sql`excluded.volume`,
          valuePaise: sql`excluded.value_paise`,
          tickBasis: sql`excluded.tick_basis`,
          rangePct: sql`excluded.range_pct`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

export type CandleRow = { symbol: string; interval: TCandleInterval; start: Date; bar: Bar };

const candleValues = (rows: CandleRow[]) =>
  rows.map((r) => ({
    symbol: r.symbol,
    interval: r.interval,
    start: r.start,
    open: r.bar.open,
    high: r.bar.high,
    low: r.bar.low,
    close: r.bar.close,
    volume: r.bar.volume,
  }));

/**
 * Writes bars into their buckets. `merge` folds live bars into what is stored (the first open
 * stays, highs and lows widen, volume adds); `replace` overwrites (imported end-of-day bars).
 */
export async function upsertCandles(db: Executor, rows: CandleRow[], mode: 'merge' | 'replace') {
  const set =
    mode === 'merge'
      ? {
          high: sql`greatest(${candles.high}, excluded.high)`,
          low: sql`least(${candles.low}, excluded.low)`,
          close: sql`excluded.close`,
          volume: sql`${candles.volume} + excluded.volume`,
        }
      : {
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
        };
  for (const part of chunks(rows, 8000)) {
    await db
      .insert(candles)
      .values(candleValues(part))
      .onConflictDoUpdate({ target: [candles.symbol, candles.interval, candles.start], set });
  }
}

/**
 * Bulk insert into an empty table (the history backfill): one statement per 20,000 rows,
 * passing each column as an array, which is far cheaper than binding every value.
 */
export async function insertCandles(db: Executor, rows: CandleRow[]) {
  for (const part of chunks(rows, 20_000)) {
    const column = (pick: (r: CandleRow) => string | number) => arrayLiteral(part.map(pick));
    await db.execute(sql`
      insert into candles (symbol, interval, start, open, high, low, close, volume)
      select * from unnest(
        ${column((r) => r.symbol)}::text[],
        ${column((r) => r.interval)}::text[],
        ${column((r) => r.start.toISOString())}::timestamptz[],
        ${column((r) => r.bar.open)}::bigint[],
        ${column((r) => r.bar.high)}::bigint[],
        ${column((r) => r.bar.low)}::bigint[],
        ${column((r) => r.bar.close)}::bigint[],
        ${column((r) => r.bar.volume)}::bigint[]
      )`);
  }
}

/** A PostgreSQL array literal with every element quoted (JSON string quoting is compatible). */
const arrayLiteral = (values: (string | number)[]) =>
  `{${values.map((v) => JSON.stringify(String(v))).join(',')}}`;

export async function recentCandles(
  db: Executor,
  symbol: string,
  interval: TCandleInterval,
  limit: number,
) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.symbol, symbol), eq(candles.interval, interval)))
    .orderBy(desc(candles.start))
    .limit(limit);
  return rows.reverse();
}

export async function hasCandles(db: Executor) {
  const rows = await db.select({ symbol: candles.symbol }).from(candles).limit(1);
  return rows.length > 0;
}

/** 52-week extremes and the last daily bar per symbol, from stored daily candles. */
export async function dailyExtremes(db: Executor, since: Date) {
  return db
    .select({ symbol: candles.symbol, high: max(candles.high), low: min(candles.low) })
    .from(candles)
    .where(and(eq(candles.interval, '1d'), gte(candles.start, since)))
    .groupBy(candles.symbol);
}

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

export async function countWatchlist(db: Executor, clientId: string) {
  const rows = await db
    .select({ symbol: watchlistItems.symbol })
    .from(watchlistItems)
    .where(eq(watchlistItems.clientId, clientId));
  return rows.length;
}

export async function companyProfile(db: Executor, symbol: string) {
  const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.symbol, symbol));
  return row ?? null;
}
