/**
 * Historical candles through the official client read the range asked from the candle store,
 * however old (not the latest buckets filtered), and a range wider than Kite allows for the
 * interval is Kite's InputException; an app asks at most 3 times a second.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addIstDays, istDayOf, istDayStart } from '@sampada/shared';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import { type Kite, kiteWorld, type KiteWorld, refusal } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: KiteWorld;
let t: TestApp;
let kite: Kite;
let call: KiteWorld['call'];

beforeAll(async () => {
  world = await kiteWorld();
  ({ t, kite, call } = world);
});
afterAll(async () => world?.close());

/** Kite's `from`/`to` text: IST wall-clock time. */
const ist = (d: Date) =>
  new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

/** The start of the IST day `n` days before the clock's. */
const daysAgo = (n: number) => istDayStart(addIstDays(istDayOf(t.clock.now()), -n));

describe('historical candles', () => {
  it('an old range answers its candles: 14 years of daily candles, a range 14 years back', async () => {
    // 5,300 daily candles of WIPRO, one an IST day, ending yesterday: more than the 5,000 a
    // "latest buckets" read would reach.
    const start = daysAgo(1);
    await sqlRows(
      t,
      `insert into candles (symbol, interval, start, open, high, low, close, volume)
       select 'WIPRO', '1d', timestamptz '${start.toISOString()}' - make_interval(days => i),
              40000 + i, 40100 + i, 39900 + i, 40050 + i, 1000 + i
       from generate_series(0, 5299) as i
       on conflict do nothing`,
    );
    const token = t.ctx.connect.market.tokenOf('WIPRO');
    const from = daysAgo(5250);
    const to = daysAgo(5151);
    const candles = await call(() => kite.getHistoricalData(token, 'day', ist(from), ist(to)));
    expect(candles).toHaveLength(100);
    expect(new Date(candles[0]!.date).getTime()).toBe(from.getTime());
    expect(new Date(candles.at(-1)!.date).getTime()).toBe(to.getTime());
    // The candle 5,250 days back was written with i = 5249 (i counts from yesterday).
    expect(candles[0]).toMatchObject({ open: 452.49, close: 452.99, volume: 6249 });
  });

  it('a range wider than Kite allows for the interval is an InputException', async () => {
    const token = t.ctx.connect.market.tokenOf('WIPRO');
    const to = t.clock.now();
    const wide = (days: number) => ist(new Date(to.getTime() - days * 24 * 3_600_000 - 60_000));
    for (const [interval, days] of [
      ['minute', 60],
      ['5minute', 100],
      ['15minute', 200],
      ['60minute', 400],
      ['day', 2000],
    ] as const) {
      const refused = await refusal(() =>
        call(() => kite.getHistoricalData(token, interval, wide(days), ist(to))),
      );
      expect(refused).toMatchObject({
        error_type: 'InputException',
        message: `interval exceeds max limit: ${days} days`,
      });
    }
    const widest = ist(new Date(to.getTime() - 60 * 24 * 3_600_000));
    expect(
      Array.isArray(await call(() => kite.getHistoricalData(token, 'minute', widest, ist(to)))),
    ).toBe(true);
  });

  it('three requests a second per app: a fourth in the same second is a 429', async () => {
    const token = t.ctx.connect.market.tokenOf('WIPRO');
    const to = t.clock.now();
    const from = ist(new Date(to.getTime() - 5 * 24 * 3_600_000));
    t.clock.advance(1000);
    const replies = await Promise.allSettled(
      Array.from({ length: 4 }, () => kite.getHistoricalData(token, 'day', from, ist(to))),
    );
    expect(replies.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = replies.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ error_type: 'NetworkException' });
    t.clock.advance(1000);
    expect(Array.isArray(await kite.getHistoricalData(token, 'day', from, ist(to)))).toBe(true);
  });
});
