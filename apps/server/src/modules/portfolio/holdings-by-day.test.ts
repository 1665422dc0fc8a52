/** The forward walk answers what the one-day count answers, on every day, actions included. */
import { describe, expect, it } from 'vitest';
import type { LotAdjustment, TaxFill } from '../trading/service.ts';
import { heldAt, heldThrough } from './holdings-by-day.ts';

const fill = (
  n: number,
  day: string,
  symbol: string,
  side: 'buy' | 'sell',
  quantity: number,
): TaxFill => ({
  id: String(n),
  side,
  symbol,
  quantity,
  valuePaise: 100_000n,
  chargesPaise: 0n,
  executedAt: new Date(`${day}T${n % 2 ? '09:30' : '23:50'}:00+05:30`),
});
const action = (
  day: string,
  kind: LotAdjustment['kind'],
  symbol: string,
  before: number,
  after: number,
  newSymbol: string | null = null,
): LotAdjustment => ({
  symbol,
  kind,
  newSymbol,
  effectiveAt: new Date(`${day}T00:00:00+05:30`),
  allottedAt: null,
  quantityBefore: before,
  quantityAfter: after,
});

const input = {
  // Out of order on purpose: the walk sorts by day. 23:50 IST is the next day in UTC.
  fills: [
    fill(1, '2025-01-02', 'TCS', 'buy', 10),
    fill(2, '2025-01-02', 'INFY', 'buy', 5),
    fill(4, '2025-01-06', 'TCS', 'sell', 4),
    fill(3, '2025-01-03', 'TCS', 'buy', 10),
    fill(5, '2025-01-09', 'INFY', 'sell', 5),
  ],
  adjustments: [
    action('2025-01-07', 'split', 'TCS', 16, 32),
    action('2025-01-08', 'symbol_change', 'TCS', 32, 32, 'TCS2'),
  ],
};

describe('holdings by day', () => {
  it('walking forward gives each day what counting that day alone gives', () => {
    const walk = heldThrough(input);
    for (let d = 1; d <= 10; d++) {
      const day = `2025-01-${String(d).padStart(2, '0')}`;
      expect(Object.fromEntries(walk(day)), day).toEqual(Object.fromEntries(heldAt(input, day)));
    }
    expect(Object.fromEntries(heldAt(input, '2025-01-07'))).toEqual({ TCS: 32, INFY: 5 });
    expect(Object.fromEntries(heldAt(input, '2025-01-10'))).toEqual({ TCS2: 32 });
  });

  it('refuses to walk back', () => {
    const walk = heldThrough(input);
    walk('2025-01-05');
    expect(() => walk('2025-01-04')).toThrow(/walks forward/);
  });

  it('a kept (frozen) fills list walks the same with its adjustments, and without them', () => {
    const kept = { ...input, fills: Object.freeze([...input.fills]) };
    const at = (walkInput: typeof input | typeof kept, day: string) =>
      Object.fromEntries(heldThrough(walkInput)(day));
    for (const _ of [1, 2]) expect(at(kept, '2025-01-10')).toEqual({ TCS2: 32 });
    // The same list read again without the split and the symbol change: its own moves.
    expect(at({ ...kept, adjustments: [] }, '2025-01-10')).toEqual({ TCS: 16 });
    expect(at(kept, '2025-01-07')).toEqual(at(input, '2025-01-07'));
  });
});
