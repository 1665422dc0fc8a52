/**
 * Market data on the Kite Connect v3 wire: instrument tokens and the instruments CSV, quotes
 * (full, OHLC, LTP) keyed `EXCHANGE:SYMBOL`, and historical candles from our candle store.
 * Every instrument is listed on NSE (indices as segment INDICES); we keep no order book, so
 * market depth is five empty levels a side.
 */
import type { TCandleInterval } from '@sampada/shared';
import { csvRow } from '../../platform/csv.ts';
import { istTime } from '../../platform/ist.ts';
import { bandFor, type Market, type MarketService, tickOf } from '../market/service.ts';
import { type TokenTable, tokenTable } from './instrument-tokens.ts';
import { KiteError, kiteTime } from './wire.ts';

export type MarketPorts = { engine: Market['engine']; chart: MarketService['chart'] };

export const KITE_INTERVALS: Record<string, TCandleInterval> = {
  minute: '1m',
  '5minute': '5m',
  '15minute': '15m',
  '60minute': '1h',
  day: '1d',
};

/** At most this many instruments in one quote request, as on the wire we follow. */
export const QUOTE_MAX = 500;

const INSTRUMENT_COLUMNS = [
  'instrument_token',
  'exchange_token',
  'tradingsymbol',
  'name',
  'last_price',
  'expiry',
  'strike',
  'tick_size',
  'lot_size',
  'instrument_type',
  'segment',
  'exchange',
];

const rupees = (paise: number) => paise / 100;
const EMPTY_DEPTH = () => Array.from({ length: 5 }, () => ({ price: 0, quantity: 0, orders: 0 }));

/** Kite's candle time: ISO local time with the offset written without a colon (its spelling). */
const candleTime = (start: Date) => `${istTime(start).replace(' ', 'T')}+0530`;

export function createKiteMarket({ engine, chart }: MarketPorts) {
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

  /** `NSE:INFY` or a bare instrument token → the symbol; unknown ones are left out. */
  function symbolOf(key: string): string | undefined {
    if (/^\d+$/.test(key)) return tokens().bySymbol(Number(key));
    const [exchange, ...rest] = key.split(':');
    const symbol = rest.join(':');
    if (exchange !== 'NSE' || !symbol) return undefined;
    return engine.instrument(symbol) ? symbol : undefined;
  }

  function requested(keys: string[]) {
    if (keys.length > QUOTE_MAX)
      throw new KiteError(
        'InputException',
        `Too many instruments requested. Max permitted is ${QUOTE_MAX}.`,
      );
    return keys.flatMap((key) => {
      const symbol = symbolOf(key);
      const state = symbol ? engine.state(symbol) : undefined;
      return symbol && state ? [{ key, symbol, state }] : [];
    });
  }

  const ohlcOf = (state: NonNullable<ReturnType<typeof engine.state>>) => ({
    open: rupees(state.open ?? state.last),
    high: rupees(state.high ?? state.last),
    low: rupees(state.low ?? state.last),
    close: rupees(state.prevClose),
  });

  return {
    tokenOf: (symbol: string) => tokens().tokenOf(symbol) ?? 0,
    symbolOfToken: (token: number) => tokens().bySymbol(token),
    symbolOf,

    quote(keys: string[]) {
      return Object.fromEntries(
        requested(keys).map(({ key, symbol, state }) => {
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
    },

    ohlc(keys: string[]) {
      return Object.fromEntries(
        requested(keys).map(({ key, symbol, state }) => [
          key,
          {
            instrument_token: tokens().tokenOf(symbol),
            last_price: rupees(state.last),
            ohlc: ohlcOf(state),
          },
        ]),
      );
    },

    ltp(keys: string[]) {
      return Object.fromEntries(
        requested(keys).map(({ key, symbol, state }) => [
          key,
          { instrument_token: tokens().tokenOf(symbol), last_price: rupees(state.last) },
        ]),
      );
    },

    /** The instruments CSV; every instrument is on NSE, so other exchanges list none. */
    instrumentsCsv(exchange?: string) {
      const lines = [INSTRUMENT_COLUMNS.join(',')];
      if (exchange && exchange.toUpperCase() !== 'NSE') return lines.join('\n');
      for (const i of engine.instruments()) {
        const token = tokens().tokenOf(i.symbol)!;
        const state = engine.state(i.symbol);
        const index = i.market === 'INDEX';
        lines.push(
          csvRow([
            String(token),
            String(tokens().exchangeTokenOf(token)),
            i.symbol,
            i.name,
            '0',
            '',
            '0',
            index || !state ? '0' : String(tickOf(state) / 100),
            index ? '0' : '1',
            'EQ',
            index ? 'INDICES' : 'NSE',
            'NSE',
          ]),
        );
      }
      // No line break after the last row: the client's CSV parser would read an empty instrument.
      return lines.join('\n');
    },

    async historical(token: number, interval: string, from: Date, to: Date) {
      const symbol = tokens().bySymbol(token);
      const bucket = KITE_INTERVALS[interval];
      if (!symbol) throw new KiteError('InputException', 'Invalid `instrument_token`.');
      if (!bucket) throw new KiteError('InputException', 'Invalid `interval`.');
      if (!(from <= to)) throw new KiteError('InputException', 'Invalid `from` or `to` date.');
      const instrument = engine.instrument(symbol)!;
      const data = await chart(symbol, instrument.market, bucket, 5000);
      return {
        candles: data.candles
          .filter((c) => c.time * 1000 >= from.getTime() && c.time * 1000 <= to.getTime())
          .map((c) => [
            candleTime(new Date(c.time * 1000)),
            c.open,
            c.high,
            c.low,
            c.close,
            c.volume,
          ]),
      };
    },
  };
}
export type KiteMarket = ReturnType<typeof createKiteMarket>;
