/**
 * The replay feed: plays imported end-of-day bars back as sessions. Each trading date maps
 * onto one imported day (cycling through them); within the session the price walks
 * open → low → high → close (or open → high → low → close on a down day), scaled to the
 * engine's previous close so that bands and day-to-day continuity hold.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CLOSE_MINUTE, OPEN_MINUTE } from './calendar.ts';
import type { MarketFeed } from './feed.ts';
import { bandFor, tickOf, type Trade } from './model.ts';
import { eodPrices } from './tables.ts';
import { clampToBand, roundToTick } from './ticks.ts';
import { asIstDay, istDayIndex } from '@sampada/shared';

type Day = Map<
  string,
  { open: number; high: number; low: number; close: number; prevClose: number; volume: number }
>;

const SESSION_MINUTES = CLOSE_MINUTE - OPEN_MINUTE;

/** The bar's path at fraction f of the session, relative to its previous close. */
export function pathAt(
  bar: { open: number; high: number; low: number; close: number; prevClose: number },
  f: number,
): number {
  const [first, second] = bar.close >= bar.open ? [bar.low, bar.high] : [bar.high, bar.low];
  const points = [bar.open, first, second, bar.close];
  const x = Math.min(1, Math.max(0, f)) * 3;
  const i = Math.min(2, Math.floor(x));
  const value = points[i]! + (points[i + 1]! - points[i]!) * (x - i);
  return value / bar.prevClose;
}

export function createReplayFeed(db: Db): MarketFeed & {
  load(): Promise<void>;
  days(): number;
} {
  let days: Day[] = [];

  return {
    kind: 'replay',
    async load() {
      const rows = await db.select().from(eodPrices).orderBy(asc(eodPrices.tradeDate));
      const byDate = new Map<string, Day>();
      for (const r of rows) {
        const day = byDate.get(r.tradeDate) ?? new Map();
        day.set(r.symbol, r);
        byDate.set(r.tradeDate, day);
      }
      days = [...byDate.values()];
    },
    days: () => days.length,
    step(input) {
      if (days.length === 0) return [];
      const dayNumber = istDayIndex(asIstDay(input.tradingDate));
      const day = days[dayNumber % days.length]!;
      const sessionMinute = (((input.minute - OPEN_MINUTE) % 1440) + 1440) % 1440;
      const f = Math.min(1, (sessionMinute % SESSION_MINUTES) / SESSION_MINUTES);
      const trades: Trade[] = [];
      for (const instrument of input.instruments) {
        const bar = day.get(instrument.symbol);
        const state = input.states.get(instrument.symbol);
        if (!bar || !state || instrument.market !== 'NSE') continue;
        const tick = tickOf(state);
        const target = roundToTick(state.prevClose * pathAt(bar, f), tick);
        const price = clampToBand(target, bandFor(instrument, state)!);
        const volume = Math.max(
          1,
          Math.round((bar.volume * input.stepMs) / (SESSION_MINUTES * 60_000)),
        );
        trades.push({ symbol: instrument.symbol, price, volume });
      }
      return trades;
    },
  };
}
