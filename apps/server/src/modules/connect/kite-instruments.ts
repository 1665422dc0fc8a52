import { daysInMs, type TCandleInterval } from '@sampada/shared';
import { csvRow } from '../../platform/csv.ts';
import { istTime } from '../../platform/ist.ts';
import { tickOf } from '../market/service.ts';
import type { MarketReads } from './kite-market-ports.ts';
import { KiteError } from './wire.ts';

export const KITE_INTERVALS: Record<string, TCandleInterval> = {
  minute: '1m',
  '5minute': '5m',
  '15minute': '15m',
  '60minute': '1h',
  day: '1d',
};

/**
 * The widest from–to range one request may ask, in days, per interval: Kite's own limits
 * (its historical API refuses a wider range with an InputException). We keep minute, 5, 15
 * and 60 minute and day candles; the others are listed so the rule reads as Kite's.
 */
export const KITE_RANGE_DAYS: Record<string, number> = {
  minute: 60,
  '3minute': 100,
  '5minute': 100,
  '10minute': 100,
  '15minute': 200,
  '30minute': 200,
  '60minute': 400,
  day: 2000,
};

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

/** Kite's candle time: ISO local time with the offset written without a colon (its spelling). */
const candleTime = (start: Date) => `${istTime(start).replace(' ', 'T')}+0530`;

/** The instruments CSV; every instrument is on NSE, so other exchanges list none. */
export function instrumentsCsv({ engine, tokens }: MarketReads, exchange?: string) {
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
}

/** Candles of one instrument between two instants, from our candle store: the range asked. */
export async function historicalCandles(
  { engine, chartBetween, tokens }: MarketReads,
  token: number,
  interval: string,
  from: Date,
  to: Date,
) {
  const symbol = tokens().bySymbol(token);
  const bucket = KITE_INTERVALS[interval];
  if (!symbol) throw new KiteError('InputException', 'Invalid `instrument_token`.');
  if (!bucket) throw new KiteError('InputException', 'Invalid `interval`.');
  if (!(from <= to)) throw new KiteError('InputException', 'Invalid `from` or `to` date.');
  const days = KITE_RANGE_DAYS[interval]!;
  if (to.getTime() - from.getTime() > daysInMs(days))
    throw new KiteError('InputException', `interval exceeds max limit: ${days} days`);
  const instrument = engine.instrument(symbol)!;
  const data = await chartBetween(symbol, instrument.market, bucket, { from, to });
  return {
    candles: data.candles.map((c) => [
      candleTime(new Date(c.time * 1000)),
      c.open,
      c.high,
      c.low,
      c.close,
      c.volume,
    ]),
  };
}
