import { bandFor } from '../market/service.ts';
import { type MarketReads, rupees } from './kite-market-ports.ts';
import { KiteError, kiteTime } from './wire.ts';

/** At most this many instruments in one quote request, as on the wire we follow. */
export const QUOTE_MAX = 500;

const EMPTY_DEPTH = () => Array.from({ length: 5 }, () => ({ price: 0, quantity: 0, orders: 0 }));

/** `NSE:INFY` or a bare instrument token → the symbol; unknown ones are left out. */
export function symbolOf({ engine, tokens }: MarketReads, key: string): string | undefined {
  if (/^\d+$/.test(key)) return tokens().bySymbol(Number(key));
  const [exchange, ...rest] = key.split(':');
  const symbol = rest.join(':');
  if (exchange !== 'NSE' || !symbol) return undefined;
  return engine.instrument(symbol) ? symbol : undefined;
}

function requested(reads: MarketReads, keys: string[]) {
  if (keys.length > QUOTE_MAX)
    throw new KiteError(
      'InputException',
      `Too many instruments requested. Max permitted is ${QUOTE_MAX}.`,
    );
  return keys.flatMap((key) => {
    const symbol = symbolOf(reads, key);
    const state = symbol ? reads.engine.state(symbol) : undefined;
    return symbol && state ? [{ key, symbol, state }] : [];
  });
}

type QuoteState = ReturnType<typeof requested>[number]['state'];

const ohlcOf = (state: QuoteState) => ({
  open: rupees(state.open ?? state.last),
  high: rupees(state.high ?? state.last),
  low: rupees(state.low ?? state.last),
  close: rupees(state.prevClose),
});

/** Full quotes keyed as asked. */
export function quoteOf(reads: MarketReads, keys: string[]) {
  const { engine, tokens } = reads;
  return Object.fromEntries(
    requested(reads, keys).map(({ key, symbol, state }) => {
      const instrument = engine.instrument(symbol)!;
      const band = bandFor(instrument, state);
      return [
        key,
        {
          instrument_token: tokens().tokenOf(symbol),
          timestamp: kiteTime(state.updatedAt),
          last_trade_time: kiteTime(state.updatedAt),
          last_price: rupees(state.last),
          last_quantity: 0,
          buy_quantity: 0,
          sell_quantity: 0,
          volume: state.volume,
          average_price: state.volume ? state.valuePaise / state.volume / 100 : 0,
          oi: 0,
          oi_day_high: 0,
          oi_day_low: 0,
          net_change: rupees(state.last - state.prevClose),
          lower_circuit_limit: band ? rupees(band.lower) : 0,
          upper_circuit_limit: band ? rupees(band.upper) : 0,
          ohlc: ohlcOf(state),
          depth: { buy: EMPTY_DEPTH(), sell: EMPTY_DEPTH() },
        },
      ];
    }),
  );
}

export function ohlcQuoteOf(reads: MarketReads, keys: string[]) {
  const { tokens } = reads;
  return Object.fromEntries(
    requested(reads, keys).map(({ key, symbol, state }) => [
      key,
      {
        instrument_token: tokens().tokenOf(symbol),
        last_price: rupees(state.last),
        ohlc: ohlcOf(state),
      },
    ]),
  );
}

export function ltpOf(reads: MarketReads, keys: string[]) {
  const { tokens } = reads;
  return Object.fromEntries(
    requested(reads, keys).map(({ key, symbol, state }) => [
      key,
      { instrument_token: tokens().tokenOf(symbol), last_price: rupees(state.last) },
    ]),
  );
}
