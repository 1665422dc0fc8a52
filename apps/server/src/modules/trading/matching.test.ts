/** The price a waiting market or limit order fills at, or none yet. */
import { describe, expect, it } from 'vitest';
import { executablePrice } from './matching.ts';

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
