/**
 * A market feed turns one engine step into trades. Feeds hold no I/O in `step`, so the
 * engine decides when steps happen and a seed (or an imported file) reproduces a market.
 */
import type { Instrument, QuoteState, Trade } from './model.ts';

export type FeedStep = {
  /** A counter: the step's start time divided by the step length. */
  step: number;
  stepMs: number;
  /** Minutes since IST midnight, for the intraday volume profile. */
  minute: number;
  tradingDate: string;
  instruments: readonly Instrument[];
  states: ReadonlyMap<string, QuoteState>;
};

export interface MarketFeed {
  readonly kind: 'simulated' | 'replay';
  /** Trades for this step: prices on the tick grid and inside each band. */
  step(input: FeedStep): Trade[];
  /** A split or bonus re-based the scrip: any price level the feed keeps moves by `factor`. */
  rebase?(symbol: string, factor: number): void;
}
