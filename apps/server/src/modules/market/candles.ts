/**
 * Candle buckets. Intraday buckets are aligned to IST wall-clock times (the 1h bucket starts
 * at 09:15 like NSE charts), daily buckets start at IST midnight, weekly ones on Monday.
 */
import { and, asc, desc, eq, gte, lte, max, min, sql } from 'drizzle-orm';
import type { TCandleInterval } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { OPEN_MINUTE } from './calendar.ts';
import { chunks } from './insert-batches.ts';
import { candles } from './tables.ts';
import { addIstDays, IST_OFFSET_MS, istDayOf, istDayStart, istWeekday } from '@sampada/shared';

const MINUTE_MS = 60_000;

export const INTERVAL_MINUTES: Record<TCandleInterval, number> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '1h': 60,
  '1d': 1440,
  '1w': 10080,
};

/** The start of the bucket holding `instant`, as a Date. */
export function bucketStart(instant: Date, interval: TCandleInterval): Date {
  const day = istDayOf(instant);
  if (interval === '1d') return istDayStart(day);
  if (interval === '1w') {
    const weekday = (istWeekday(day) + 6) % 7; // Monday = 0
    return istDayStart(addIstDays(day, -weekday));
  }
  // Intraday grids are laid on IST wall-clock time.
  const local = instant.getTime() + IST_OFFSET_MS;
  let start: number;
  if (interval === '1h') {
    // Hourly bars run 09:15–10:15, …, so offset the grid by the opening minute.
    const offset = (OPEN_MINUTE % 60) * MINUTE_MS;
    start = Math.floor((local - offset) / (60 * MINUTE_MS)) * 60 * MINUTE_MS + offset;
  } else {
    const size = INTERVAL_MINUTES[interval] * MINUTE_MS;
    start = Math.floor(local / size) * size;
  }
  return new Date(start - IST_OFFSET_MS);
}

export type Bar = { open: number; high: number; low: number; close: number; volume: number };

/** Folds a trade into a bar (or starts one). */
export function addTrade(bar: Bar | undefined, price: number, volume: number): Bar {
  if (!bar) return { open: price, high: price, low: price, close: price, volume };
  return {
    open: bar.open,
    high: Math.max(bar.high, price),
    low: Math.min(bar.low, price),
    close: price,
    volume: bar.volume + volume,
  };
}

/** Merges a later bar into an earlier one of the same bucket. */
export function mergeBars(earlier: Bar, later: Bar): Bar {
  return {
    open: earlier.open,
    high: Math.max(earlier.high, later.high),
    low: Math.min(earlier.low, later.low),
    close: later.close,
    volume: earlier.volume + later.volume,
  };
}

/** Aggregates time-ordered finer bars into coarser buckets. */
export function aggregate(
  bars: { start: Date; bar: Bar }[],
  interval: TCandleInterval,
): { start: Date; bar: Bar }[] {
  const out: { start: Date; bar: Bar }[] = [];
  for (const { start, bar } of bars) {
    const bucket = bucketStart(start, interval);
    const last = out.at(-1);
    if (last && last.start.getTime() === bucket.getTime()) last.bar = mergeBars(last.bar, bar);
    else out.push({ start: bucket, bar: { ...bar } });
  }
  return out;
}

// ---------- Stored candles ----------

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

/** The buckets of one symbol and interval starting within [from, to], oldest first. */
export function candlesBetween(
  db: Executor,
  symbol: string,
  interval: TCandleInterval,
  range: { from: Date; to: Date },
) {
  return db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.symbol, symbol),
        eq(candles.interval, interval),
        gte(candles.start, range.from),
        lte(candles.start, range.to),
      ),
    )
    .orderBy(asc(candles.start));
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
