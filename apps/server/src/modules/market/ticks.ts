/**
 * NSE cash-market price rules in paise: the price-dependent tick size (since 15 Apr 2025)
 * and the daily price band around the previous close.
 */
import { paiseToRupeeNumber } from '@sampada/shared';

/** Tick size in paise for a tick basis (the last close of the previous month). */
export function tickSizeFor(basisPaise: number): number {
  if (basisPaise < 250_00) return 1;
  if (basisPaise <= 1_000_00) return 5;
  if (basisPaise <= 5_000_00) return 10;
  if (basisPaise <= 10_000_00) return 50;
  if (basisPaise <= 20_000_00) return 100;
  return 500;
}

export const roundToTick = (paise: number, tick: number) =>
  Math.max(tick, Math.round(paise / tick) * tick);

/** F&O stocks have no fixed band: a 10% operating range that widens in 5% steps when hit. */
export const FNO_OPERATING_RANGE_PCT = 10;
export const FNO_RANGE_STEP_PCT = 5;

export type Band = { lower: number; upper: number };

/**
 * The band for a day: prevClose ± pct, rounded inward to whole ticks so that a price on the
 * band is itself a valid price.
 */
export function priceBand(prevClosePaise: number, pct: number, tick: number): Band {
  const span = (prevClosePaise * pct) / 100;
  return {
    lower: Math.max(tick, Math.ceil((prevClosePaise - span) / tick) * tick),
    upper: Math.floor((prevClosePaise + span) / tick) * tick,
  };
}

export const clampToBand = (paise: number, band: Band) =>
  Math.min(band.upper, Math.max(band.lower, paise));

/** The market data's prices are rupees (spec §7); the engine's may carry a part of a paisa. */
export const paiseToRupees = (paise: number) => paiseToRupeeNumber(Math.round(paise));
