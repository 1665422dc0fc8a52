/**
 * Market data on the Kite Connect v3 wire: instrument tokens and the instruments CSV, quotes
 * (full, OHLC, LTP) keyed `EXCHANGE:SYMBOL`, and historical candles from our candle store.
 * Every instrument is listed on NSE (indices as segment INDICES); we keep no order book, so
 * market depth is five empty levels a side.
 */
import { type TokenTable, tokenTable } from './instrument-tokens.ts';
import { historicalCandles, instrumentsCsv } from './kite-instruments.ts';
import type { MarketPorts, MarketReads } from './kite-market-ports.ts';
import { ltpOf, ohlcQuoteOf, quoteOf, symbolOf } from './kite-quotes.ts';

export { KITE_INTERVALS } from './kite-instruments.ts';
export type { MarketPorts } from './kite-market-ports.ts';
export { QUOTE_MAX } from './kite-quotes.ts';

export function createKiteMarket(ports: MarketPorts) {
  const { engine } = ports;
  let table: { source: readonly unknown[]; tokens: TokenTable } | null = null;
  /** Rebuilt when the universe changes (a new listing gives the engine a new array). */
  const tokens = () => {
    const source = engine.instruments();
    if (table?.source !== source) {
      table = {
        source,
        tokens: tokenTable(
          source.map((i) => ({ symbol: i.symbol, market: i.market === 'INDEX' ? 'INDEX' : 'NSE' })),
        ),
      };
    }
    return table.tokens;
  };
  const reads: MarketReads = { ...ports, tokens };

  return {
    tokenOf: (symbol: string) => tokens().tokenOf(symbol) ?? 0,
    symbolOfToken: (token: number) => tokens().bySymbol(token),
    symbolOf: (key: string) => symbolOf(reads, key),
    quote: (keys: string[]) => quoteOf(reads, keys),
    ohlc: (keys: string[]) => ohlcQuoteOf(reads, keys),
    ltp: (keys: string[]) => ltpOf(reads, keys),

    /** The instruments CSV; every instrument is on NSE, so other exchanges list none. */
    instrumentsCsv: (exchange?: string) => instrumentsCsv(reads, exchange),

    historical: (token: number, interval: string, from: Date, to: Date) =>
      historicalCandles(reads, token, interval, from, to),
  };
}
export type KiteMarket = ReturnType<typeof createKiteMarket>;
