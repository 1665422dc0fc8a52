/** The engine's universe as the market's answers read it: instruments, quotes, market caps. */
import { MarketMessage, type TMarket, type TQuote } from '@sampada/shared';
import { notFound } from '../../platform/errors.ts';
import type { MarketEngine } from './engine.ts';
import { paiseToRupees } from './ticks.ts';

export const equities = (engine: MarketEngine) =>
  engine.instruments().filter((i) => i.market === 'NSE');

export const marketCapOf = (engine: MarketEngine, symbol: string) => {
  const instrument = engine.instrument(symbol);
  const state = engine.state(symbol);
  return instrument?.sharesOutstanding && state
    ? paiseToRupees(state.last) * instrument.sharesOutstanding
    : 0;
};

export function instrumentOf(engine: MarketEngine, symbol: string, market: TMarket = 'NSE') {
  const instrument = engine.instrument(symbol);
  if (!instrument || instrument.market !== market) throw notFound(MarketMessage.symbolUnknown);
  return instrument;
}

export const quoteOf = (engine: MarketEngine, symbol: string) => engine.quote(symbol)!;

export const equityQuotes = (engine: MarketEngine): TQuote[] =>
  equities(engine).map((i) => quoteOf(engine, i.symbol));

/** The quotes of these symbols the engine knows, in their order. */
export const knownQuotes = (engine: MarketEngine, symbols: readonly string[]): TQuote[] =>
  symbols.flatMap((s) => (engine.quote(s) ? [engine.quote(s)!] : []));
