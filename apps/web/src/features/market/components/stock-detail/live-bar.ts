import type { TCandle, TCandleInterval } from '@sampada/shared';

export const INTERVAL_SECONDS: Record<TCandleInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '1d': 86_400,
  '1w': 604_800,
};

/**
 * The candle a live price makes: it moves the forming candle's close, high and low, or
 * opens the next candle once its time is past the forming one. New candles start on the
 * server's bucket grid (a whole number of intervals after the last bucket), so daily and
 * weekly candles keep the server's Asia/Kolkata boundaries. A price older than the forming
 * candle changes nothing (null).
 */
export function nextBar(
  last: TCandle | undefined,
  price: number,
  timeSeconds: number,
  interval: TCandleInterval,
): TCandle | null {
  if (!last || timeSeconds < last.time) return null;
  const size = INTERVAL_SECONDS[interval];
  const buckets = Math.floor((timeSeconds - last.time) / size);
  if (buckets === 0) {
    return {
      ...last,
      close: price,
      high: Math.max(last.high, price),
      low: Math.min(last.low, price),
    };
  }
  return {
    time: last.time + buckets * size,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: 0,
  };
}
