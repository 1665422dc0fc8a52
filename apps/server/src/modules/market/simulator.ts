/**
 * The simulated NSE feed: a seeded random walk per instrument in which each return mixes a
 * market factor (scaled by beta), a sector factor and the stock's own noise, so that a sector
 * moves together. Prints land on the tick grid and inside the day's band. Volume follows NSE's U-shaped day.
 * INDIAVIX mean-reverts and rises when the market falls. Other indices are not simulated:
 * the engine computes them from their constituents.
 */
import { CLOSE_MINUTE, OPEN_MINUTE } from './calendar.ts';
import type { FeedStep, MarketFeed } from './feed.ts';
import { bandFor, tickOf, type Instrument, type QuoteState, type Trade } from './model.ts';
import { hashString, normal, uniform } from './random.ts';
import { clampToBand, roundToTick } from './ticks.ts';

const TRADING_SECONDS_PER_YEAR = 252 * 375 * 60;
const ANNUAL_VOLATILITY: Record<string, number> = { nifty50: 0.24, midcap: 0.32, smallcap: 0.4 };
const TRADE_PROBABILITY: Record<string, number> = { nifty50: 0.85, midcap: 0.6, smallcap: 0.4 };
const MARKET_STREAM = 1;
export const VIX_SYMBOL = 'INDIAVIX';

/** Share of the day's volume per minute, relative to a flat day: heavier at open and close. */
export function volumeProfile(minute: number): number {
  const f = Math.min(1, Math.max(0, (minute - OPEN_MINUTE) / (CLOSE_MINUTE - OPEN_MINUTE)));
  return (1 + 1.6 * Math.exp(-f * 12) + 1.1 * Math.exp(-(1 - f) * 10)) / 1.24;
}

export function createSimulatedFeed(seed: number): MarketFeed {
  /** Latent fair prices (fractional paise): prints are this value on the tick grid. */
  const fair = new Map<string, number>();

  function vixTrade(instrument: Instrument, state: QuoteState, input: FeedStep, market: number) {
    const level = fair.get(instrument.symbol) ?? state.last;
    const anchor = instrument.refClosePaise;
    const dt = input.stepMs / 1000 / 3600;
    const noise = normal(seed, input.step, hashString(instrument.symbol));
    const next = level + 0.8 * (anchor - level) * dt + level * (0.004 * noise - 0.006 * market);
    fair.set(instrument.symbol, Math.max(anchor * 0.4, next));
    return { symbol: instrument.symbol, price: roundToTick(next, 1), volume: 0 };
  }

  return {
    kind: 'simulated',
    rebase(symbol, factor) {
      const level = fair.get(symbol);
      if (level !== undefined) fair.set(symbol, level * factor);
    },
    step(input) {
      const { step, stepMs, states } = input;
      const dt = stepMs / 1000 / TRADING_SECONDS_PER_YEAR;
      const market = normal(seed, step, MARKET_STREAM);
      const sectorShock = new Map<string, number>();
      const trades: Trade[] = [];
      for (const instrument of input.instruments) {
        const state = states.get(instrument.symbol);
        if (!state) continue;
        if (instrument.symbol === VIX_SYMBOL) {
          trades.push(vixTrade(instrument, state, input, market));
          continue;
        }
        if (instrument.market === 'INDEX') continue;
        const sector = instrument.sector ?? 'Other';
        if (!sectorShock.has(sector))
          sectorShock.set(sector, normal(seed, step, hashString(sector)));
        const own = normal(seed, step, hashString(instrument.symbol));
        const beta = instrument.beta;
        // Loadings chosen so that the shock has unit variance for a beta of 1.
        const shock =
          (0.55 * beta * market + 0.45 * sectorShock.get(sector)! + 0.7 * own) /
          Math.sqrt(0.3025 * beta * beta + 0.2025 + 0.49);
        const sigma = (ANNUAL_VOLATILITY[instrument.segment] ?? 0.3) * Math.sqrt(dt);
        const before = fair.get(instrument.symbol) ?? state.last;
        let next = before * Math.exp(sigma * shock - (sigma * sigma) / 2);

        // At the band the fair price stops too (the engine widens an F&O stock's range).
        const band = bandFor(instrument, state)!;
        next = clampToBand(next, band);
        fair.set(instrument.symbol, next);

        const probability = TRADE_PROBABILITY[instrument.segment] ?? 0.5;
        if (uniform(seed, step, hashString(instrument.symbol), 2) >= probability) continue;
        const tick = tickOf(state);
        const price = clampToBand(roundToTick(next, tick), band);
        const perStep =
          ((instrument.avgDailyVolume ?? 100_000) / (375 * 60_000)) *
          stepMs *
          volumeProfile(input.minute);
        const jitter = Math.exp(0.6 * normal(seed, step, hashString(`${instrument.symbol}:v`)));
        const volume = Math.max(1, Math.round((perStep * jitter) / probability));
        trades.push({ symbol: instrument.symbol, price, volume });
      }
      return trades;
    },
  };
}
