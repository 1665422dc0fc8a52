/** The market's working types, in paise, and their conversion to what the API shows. */
import type { TMarket, TQuote } from '@sampada/shared';
import type { Segment } from './reference-data.ts';
import {
  type Band,
  FNO_OPERATING_RANGE_PCT,
  paiseToRupees,
  priceBand,
  tickSizeFor,
} from './ticks.ts';

export type Instrument = {
  symbol: string;
  market: TMarket;
  isin: string | null;
  name: string;
  sector: string | null;
  industry: string | null;
  segment: Segment;
  fno: boolean;
  bandPct: number | null;
  sharesOutstanding: number | null;
  avgDailyVolume: number | null;
  beta: number;
  refClosePaise: number;
  baseValuePaise: number | null;
};

/** One instrument's live state for the current trading date. */
export type QuoteState = {
  symbol: string;
  tradingDate: string;
  last: number;
  open: number | null;
  high: number | null;
  low: number | null;
  prevClose: number;
  volume: number;
  valuePaise: number;
  /** Last close of the previous month: NSE re-sets tick sizes monthly from it. */
  tickBasis: number;
  /** F&O operating range in percent, widened in steps when hit; null when a fixed band applies. */
  rangePct: number | null;
  week52High: number;
  week52Low: number;
  updatedAt: Date;
};

/** A print from a feed: a price already on the tick grid and inside the band. */
export type Trade = { symbol: string; price: number; volume: number };

const pct = (now: number, before: number) =>
  before ? Math.round(((now - before) / before) * 10_000) / 100 : 0;

export function toQuote(instrument: Instrument, state: QuoteState, band: Band | null): TQuote {
  const last = state.last;
  return {
    symbol: instrument.symbol,
    market: instrument.market,
    name: instrument.name,
    sector: instrument.sector,
    price: paiseToRupees(last),
    change: paiseToRupees(last - state.prevClose),
    change_pct: pct(last, state.prevClose),
    open: paiseToRupees(state.open ?? last),
    high: paiseToRupees(state.high ?? last),
    low: paiseToRupees(state.low ?? last),
    prev_close: paiseToRupees(state.prevClose),
    volume: state.volume,
    value: paiseToRupees(state.valuePaise),
    upper_band: band ? paiseToRupees(band.upper) : null,
    lower_band: band ? paiseToRupees(band.lower) : null,
    week52_high: paiseToRupees(Math.max(state.week52High, state.high ?? last)),
    week52_low: paiseToRupees(Math.min(state.week52Low, state.low ?? last)),
    updated_at: state.updatedAt.toISOString(),
  };
}

export const tickOf = (state: QuoteState) => tickSizeFor(state.tickBasis);

/**
 * Today's price band: the fixed band, or for F&O stocks the current operating range. Indices
 * have none.
 */
export function bandFor(instrument: Instrument, state: QuoteState): Band | null {
  if (instrument.market === 'INDEX') return null;
  const pct = instrument.fno
    ? (state.rangePct ?? FNO_OPERATING_RANGE_PCT)
    : (instrument.bandPct ?? DEFAULT_BAND_PCT);
  return priceBand(state.prevClose, pct, tickOf(state));
}

/** Most non-F&O NSE stocks carry a 20% band; reference data may say otherwise. */
export const DEFAULT_BAND_PCT = 20;
