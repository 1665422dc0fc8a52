/**
 * Price history for a fresh install: a year of daily bars walked backwards from a last close
 * drawn near each instrument's reference close (with the same market and sector structure as
 * the live simulator), and minute bars for the last session, so charts, 52-week ranges and the day's
 * change are there before the first live session. Deterministic for a seed.
 */
import type { TCandleInterval } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { type MarketCalendar, OPEN_MINUTE, CLOSE_MINUTE, istInstant } from './calendar.ts';
import { aggregate, type Bar, type CandleRow, hasCandles, insertCandles } from './candles.ts';
import type { MarketEngine } from './engine.ts';
import { indexLevel } from './indices.ts';
import type { Instrument, QuoteState } from './model.ts';
import { hashString, normal, uniform } from './random.ts';
import { VIX_SYMBOL } from './simulator.ts';
import { saveQuoteStates } from './quote-state.ts';
import { roundToTick, tickSizeFor } from './ticks.ts';

const DAILY_VOL: Record<string, number> = { nifty50: 0.015, midcap: 0.02, smallcap: 0.025 };
const SESSION_MINUTES = CLOSE_MINUTE - OPEN_MINUTE;

type Series = { dates: string[]; daily: Bar[]; minutes: Bar[] };

/** The last session that has finished at `now` (today's, once it is past 15:30 IST). */
function lastCompletedSession(calendar: MarketCalendar, now: Date): string {
  const info = calendar.sessionAt(now);
  const doneToday = info.reason === 'after_hours' && calendar.isTradingDay(info.istDate);
  return doneToday ? info.istDate : calendar.previousTradingDate(info.istDate);
}

/**
 * The last session's close: the reference close moved by about a day's move, on a tick and
 * not a round figure. Reference data carries round closes (₹1,540.00, ₹3,200.00); a history
 * ending exactly on them makes every quote, index and P&L look made up.
 */
export function lastCloseNear(
  reference: number,
  tick: number,
  sigma: number,
  seed: number,
  stream: number,
): number {
  let close = roundToTick(reference * Math.exp(sigma * normal(seed, 0, stream + 17)), tick);
  // Off a whole rupee, or for coarse ticks (₹1, ₹5) off a round ten ticks.
  while (close % Math.max(100, tick * 10) === 0) close += tick;
  return close;
}

function equitySeries(instrument: Instrument, dates: string[], seed: number): Series {
  const sigma = DAILY_VOL[instrument.segment] ?? 0.02;
  const tick = tickSizeFor(instrument.refClosePaise);
  const stream = hashString(instrument.symbol);
  const sectorStream = hashString(instrument.sector ?? 'Other');
  const closes: number[] = new Array(dates.length);
  closes[dates.length - 1] = lastCloseNear(instrument.refClosePaise, tick, sigma, seed, stream);
  for (let d = dates.length - 1; d > 0; d--) {
    const shock =
      (0.55 * instrument.beta * normal(seed, d, 1) +
        0.45 * normal(seed, d, sectorStream) +
        0.7 * normal(seed, d, stream)) /
      Math.sqrt(0.3025 * instrument.beta ** 2 + 0.2025 + 0.49);
    closes[d - 1] = closes[d]! / Math.exp(sigma * shock);
  }
  const daily = closes.map((close, d) => {
    const previous = d > 0 ? closes[d - 1]! : close;
    const open = previous * Math.exp(0.3 * sigma * normal(seed, d, stream + 7));
    const wick = () => Math.abs(normal(seed, d, stream + 11)) * 0.5 * sigma;
    const volume = Math.round(
      (instrument.avgDailyVolume ?? 100_000) * Math.exp(0.4 * normal(seed, d, stream + 13)),
    );
    return {
      open: roundToTick(open, tick),
      high: roundToTick(Math.max(open, close) * Math.exp(wick()), tick),
      low: roundToTick(Math.min(open, close) * Math.exp(-wick()), tick),
      close: roundToTick(close, tick),
      volume,
    };
  });
  const last = daily.at(-1)!;
  const minutes = bridge(last.open, last.close, sigma, seed, stream, tick, last.volume);
  daily[daily.length - 1] = aggregateDay(minutes);
  return { dates, daily, minutes };
}

/** A Brownian bridge of minute bars from the day's open to its close. */
function bridge(
  open: number,
  close: number,
  dailySigma: number,
  seed: number,
  stream: number,
  tick: number,
  dayVolume: number,
): Bar[] {
  const steps = SESSION_MINUTES;
  const sigma = dailySigma / Math.sqrt(steps);
  const walk = [0];
  for (let k = 1; k <= steps; k++)
    walk.push(walk[k - 1]! + sigma * normal(seed, 10_000 + k, stream));
  const drift = Math.log(close / open);
  const bars: Bar[] = [];
  let previous = open;
  for (let k = 1; k <= steps; k++) {
    const x = walk[k]! - (k / steps) * (walk[steps]! - drift);
    const price = roundToTick(open * Math.exp(x), tick);
    const shape = 1 + 1.6 * Math.exp((-k / steps) * 12) + 1.1 * Math.exp(-(1 - k / steps) * 10);
    const volume = Math.max(
      1,
      Math.round(((dayVolume / steps) * shape * (0.5 + uniform(seed, k, stream))) / 1.24),
    );
    bars.push({
      open: previous,
      high: Math.max(previous, price),
      low: Math.min(previous, price),
      close: price,
      volume,
    });
    previous = price;
  }
  bars[steps - 1]!.close = roundToTick(close, tick);
  return bars;
}

function aggregateDay(minutes: Bar[]): Bar {
  return {
    open: minutes[0]!.open,
    high: Math.max(...minutes.map((b) => b.high)),
    low: Math.min(...minutes.map((b) => b.low)),
    close: minutes.at(-1)!.close,
    volume: minutes.reduce((sum, b) => sum + b.volume, 0),
  };
}

/** An index's bars: its constituents' bars weighed into levels (INDIAVIX walks on its own). */
function indexSeries(
  engine: MarketEngine,
  index: Instrument,
  dates: string[],
  series: Map<string, Series>,
  seed: number,
): Series {
  const members = engine.constituentsOf(index.symbol);
  if (index.symbol === VIX_SYMBOL || members.length === 0 || !index.baseValuePaise) {
    return vixSeries(index, dates, seed);
  }
  const level = (pick: (s: Series) => Bar | undefined, field: keyof Bar) =>
    indexLevel(index.baseValuePaise!, members, (s) => {
      const bar = series.get(s) && pick(series.get(s)!);
      return bar ? bar[field] : undefined;
    });
  const daily = dates.map((_, d) => {
    const open = level((s) => s.daily[d], 'open');
    const close = level((s) => s.daily[d], 'close');
    return {
      open,
      high: Math.max(
        level((s) => s.daily[d], 'high'),
        open,
        close,
      ),
      low: Math.min(
        level((s) => s.daily[d], 'low'),
        open,
        close,
      ),
      close,
      volume: 0,
    };
  });
  let previous = daily.at(-1)!.open;
  const minutes = Array.from({ length: SESSION_MINUTES }, (_, k) => {
    const close = level((s) => s.minutes[k], 'close');
    const bar = {
      open: previous,
      high: Math.max(previous, close),
      low: Math.min(previous, close),
      close,
      volume: 0,
    };
    previous = close;
    return bar;
  });
  daily[daily.length - 1] = aggregateDay(minutes);
  return { dates, daily, minutes };
}

/** Every series' candles at each interval, and each scrip's quote state at the last close. */
function rowsAndStates(engine: MarketEngine, series: Map<string, Series>, dates: string[]) {
  const rows: CandleRow[] = [];
  const lastDate = dates.at(-1)!;
  const push = (symbol: string, interval: TCandleInterval, bars: { start: Date; bar: Bar }[]) =>
    bars.forEach(({ start, bar }) => rows.push({ symbol, interval, start, bar }));
  const states: QuoteState[] = [];
  for (const [symbol, s] of series) {
    const daily = s.daily.map((bar, d) => ({ start: istInstant(s.dates[d]!, 0), bar }));
    const minutes = s.minutes.map((bar, k) => ({
      start: istInstant(lastDate, OPEN_MINUTE + k),
      bar,
    }));
    push(symbol, '1d', daily);
    push(symbol, '1w', aggregate(daily, '1w'));
    push(symbol, '1m', minutes);
    for (const interval of ['5m', '15m', '1h'] as const)
      push(symbol, interval, aggregate(minutes, interval));
    const today = s.daily.at(-1)!;
    const yesterday = s.daily.at(-2) ?? today;
    states.push({
      symbol,
      tradingDate: lastDate,
      last: today.close,
      open: today.open,
      high: today.high,
      low: today.low,
      prevClose: yesterday.close,
      volume: today.volume,
      valuePaise: today.volume * Math.round((today.high + today.low + today.close) / 3),
      tickBasis: engine.instrument(symbol)!.refClosePaise,
      rangePct: null,
      week52High: Math.max(...s.daily.map((b) => b.high)),
      week52Low: Math.min(...s.daily.map((b) => b.low)),
      updatedAt: istInstant(lastDate, CLOSE_MINUTE),
    });
  }
  return { rows, states };
}

export async function backfillHistory(deps: {
  db: Db;
  clock: Clock;
  engine: MarketEngine;
  calendar: MarketCalendar;
  seed: number;
  days?: number;
}): Promise<{ rows: number } | null> {
  const { db, engine, calendar, seed } = deps;
  if (await hasCandles(db)) return null;
  const dates = calendar.tradingDatesUntil(
    lastCompletedSession(calendar, deps.clock.now()),
    deps.days ?? 250,
  );
  const series = new Map<string, Series>();
  const instruments = engine.instruments();
  for (const i of instruments.filter((x) => x.market === 'NSE')) {
    series.set(i.symbol, equitySeries(i, dates, seed));
  }
  for (const index of instruments.filter((x) => x.market === 'INDEX')) {
    series.set(index.symbol, indexSeries(engine, index, dates, series, seed));
  }

  const { rows, states } = rowsAndStates(engine, series, dates);
  await db.transaction(async (tx) => {
    await insertCandles(tx, rows);
    await saveQuoteStates(tx, states);
  });
  await engine.load();
  return { rows: rows.length };
}

/** INDIAVIX: a mean-reverting walk around its reference level. */
function vixSeries(index: Instrument, dates: string[], seed: number): Series {
  const anchor = index.refClosePaise;
  const stream = hashString(index.symbol);
  const levels: number[] = [lastCloseNear(anchor, 1, 0.04, seed, stream)];
  for (let d = dates.length - 1; d > 0; d--) {
    const before = levels[0]!;
    levels.unshift(
      Math.max(
        anchor * 0.5,
        before + 0.15 * (anchor - before) + before * 0.06 * normal(seed, d, stream),
      ),
    );
  }
  const daily = levels.map((close, d) => {
    const open = d > 0 ? levels[d - 1]! : close;
    const swing = Math.abs(normal(seed, d, stream + 3)) * 0.03 * close;
    return {
      open: Math.round(open),
      high: Math.round(Math.max(open, close) + swing),
      low: Math.round(Math.min(open, close) - swing),
      close: Math.round(close),
      volume: 0,
    };
  });
  const last = daily.at(-1)!;
  const minutes = bridge(last.open, last.close, 0.05, seed, stream, 1, 0).map((b) => ({
    ...b,
    volume: 0,
  }));
  daily[daily.length - 1] = aggregateDay(minutes);
  return { dates, daily, minutes };
}
