/**
 * Candle buckets. Intraday buckets are aligned to IST wall-clock times (the 1h bucket starts
 * at 09:15 like NSE charts), daily buckets start at IST midnight, weekly ones on Monday.
 */
import type { TCandleInterval } from '@sampada/shared';
import { OPEN_MINUTE } from './calendar.ts';

const IST_OFFSET_MS = 330 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

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
  const local = instant.getTime() + IST_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  let start: number;
  if (interval === '1d') start = dayStart;
  else if (interval === '1w') {
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday = 0
    start = dayStart - weekday * DAY_MS;
  } else if (interval === '1h') {
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
