/** The price a waiting market or limit order fills at, or none yet. */
import { describe, expect, it } from 'vitest';
import { executablePrice, stopCrossed } from './matching.ts';

describe('when a waiting order can fill', () => {
  it('market at the print; limit buys at or under, limit sells at or over', () => {
    expect(executablePrice({ type: 'market', side: 'buy', pricePaise: null }, 1000n)).toBe(1000n);
    const buy = { type: 'limit', side: 'buy', pricePaise: 1000n };
    expect(executablePrice(buy, 1001n)).toBeNull();
    expect(executablePrice(buy, 995n)).toBe(995n);
    const sell = { type: 'limit', side: 'sell', pricePaise: 1000n };
    expect(executablePrice(sell, 995n)).toBeNull();
    expect(executablePrice(sell, 1000n)).toBe(1000n);
    expect(executablePrice({ type: 'otc', side: 'buy', pricePaise: 1000n }, 900n)).toBeNull();
  });
});

describe('when a stop-loss order triggers and fills', () => {
  it('a sell stop triggers at or under its trigger, a buy stop at or over', () => {
    const sell = { type: 'sl_m', side: 'sell', pricePaise: null, triggerPaise: 1000n };
    expect(stopCrossed(sell, 1005n)).toBe(false);
    expect(stopCrossed(sell, 1000n)).toBe(true);
    const buy = { type: 'sl_m', side: 'buy', pricePaise: null, triggerPaise: 1000n };
    expect(stopCrossed(buy, 995n)).toBe(false);
    expect(stopCrossed(buy, 1000n)).toBe(true);
    expect(stopCrossed({ type: 'limit', side: 'buy', pricePaise: 1000n }, 995n)).toBe(false);
  });

  it('SL-M fills at the crossing print; SL then waits as a limit, even after the price turns back', () => {
    expect(
      executablePrice({ type: 'sl_m', side: 'sell', pricePaise: null, triggerPaise: 1000n }, 990n),
    ).toBe(990n);
    expect(
      executablePrice({ type: 'sl_m', side: 'sell', pricePaise: null, triggerPaise: 1000n }, 1010n),
    ).toBeNull();
    const sl = { type: 'sl', side: 'sell', pricePaise: 995n, triggerPaise: 1000n };
    expect(executablePrice(sl, 1000n)).toBe(1000n); // crossed, and at or over the limit
    expect(executablePrice(sl, 990n)).toBeNull(); // crossed, but under the sell limit
    const triggered = { ...sl, triggeredAt: new Date() };
    expect(executablePrice(triggered, 1020n)).toBe(1020n); // back above the trigger: a limit sell
    expect(executablePrice(sl, 1020n)).toBeNull(); // never triggered: still waiting
  });
});
