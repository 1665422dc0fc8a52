import { describe, expect, it } from 'vitest';
import { nextBar } from './live-bar';

const forming = { time: 1_000_020, open: 100, high: 101, low: 99, close: 100.5, volume: 10 };

describe('live candle (lightweight-charts series.update)', () => {
  it('moves the forming candle with the live price', () => {
    expect(nextBar(forming, 102, forming.time + 30, '1m')).toEqual({
      ...forming,
      close: 102,
      high: 102,
    });
    expect(nextBar(forming, 98.5, forming.time + 59, '1m')).toMatchObject({ low: 98.5 });
  });

  it('opens the next candle on the bucket grid once the interval has passed', () => {
    expect(nextBar(forming, 103, forming.time + 125, '1m')).toEqual({
      time: forming.time + 120,
      open: 103,
      high: 103,
      low: 103,
      close: 103,
      volume: 0,
    });
  });

  it('ignores a price older than the forming candle, or with no candle at all', () => {
    expect(nextBar(forming, 103, forming.time - 1, '5m')).toBeNull();
    expect(nextBar(undefined, 103, forming.time, '5m')).toBeNull();
  });
});
