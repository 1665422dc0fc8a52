/** Returns worked by hand: one buy held a year, then the same with a dividend midway. */
import { describe, expect, it } from 'vitest';
import type { TaxFill } from '../trading/service.ts';
import { computeReturns, type ReturnsInput } from './returns-math.ts';

const closes: Record<string, Record<string, number>> = {
  INFY: { '2023-01-01': 10_000, '2023-07-01': 10_500, '2024-01-01': 11_000 },
  NIFTY50: { '2023-01-01': 100_000, '2023-07-01': 104_000, '2024-01-01': 108_000 },
};
const closeOf = (symbol: string, day: string) => {
  const known = Object.entries(closes[symbol] ?? {}).filter(([d]) => d <= day);
  return known.length ? known.at(-1)![1] : null;
};
const buy: TaxFill = {
  id: '1',
  side: 'buy',
  symbol: 'INFY',
  quantity: 10,
  valuePaise: 100_000n,
  chargesPaise: 0n,
  executedAt: new Date('2023-01-01T10:00:00+05:30'),
};
const input = (dividends: ReturnsInput['dividends']): ReturnsInput => ({
  fills: [buy],
  dividends,
  from: '2023-01-01',
  to: '2024-01-01',
  closeOf,
  benchmark: { symbol: 'NIFTY50', days: ['2023-01-01', '2023-07-01', '2024-01-01'] },
});

describe('returns', () => {
  it('₹1,000 in INFY for 365 days to ₹1,100: XIRR and TWR 10%; NIFTY 1,000 → 1,080 gives 8%', () => {
    const r = computeReturns(input([]));
    expect(r.xirr).toEqual({ computable: true, rate: expect.closeTo(0.1, 9) });
    expect(r.twr).toBeCloseTo(0.1, 12);
    // ₹1,000 buys one unit of the index at 1,000.00; it closes at 1,080.00.
    expect(r.benchmark.value).toBe(108_000);
    expect(r.benchmark.xirr).toEqual({ computable: true, rate: expect.closeTo(0.08, 9) });
    expect(r.income).toEqual({ realisedPaise: 0n, unrealisedPaise: 10_000n, dividendPaise: 0n });
    expect(r.perScrip).toEqual([
      { symbol: 'INFY', xirr: { computable: true, rate: expect.closeTo(0.1, 9) }, value: 110_000 },
    ]);
  });

  it('with ₹50 of dividend on 1 Jul: TWR 1.1 × 110/105 − 1 = 15.238%; the index sells ₹50 of units', () => {
    const r = computeReturns(input([{ symbol: 'INFY', day: '2023-07-01', grossPaise: 5_000n }]));
    // 1 Jul: (₹1,050 held + ₹50 paid out) / ₹1,000 = 1.1; 1 Jan: ₹1,100 / ₹1,050.
    expect(r.twr).toBeCloseTo(1.1 * (110 / 105) - 1, 12);
    expect(r.income.dividendPaise).toBe(5_000n);
    // 1 − 50/1,040 units left at 1,080.00: ₹1,028.08.
    expect(r.benchmark.value).toBe(Math.round((1 - 5_000 / 104_000) * 108_000));
    expect(r.benchmark.value).toBe(102_808);
    // The XIRR is the rate that makes −1,000 + 50 at 181 days + 1,100 at 365 days worth nothing.
    if (!r.xirr.computable) throw new Error(r.xirr.reason);
    const rate = r.xirr.rate;
    const npv = -100_000 + 5_000 / Math.pow(1 + rate, 181 / 365) + 110_000 / (1 + rate);
    expect(Math.abs(npv)).toBeLessThan(1e-6);
    expect(rate).toBeGreaterThan(0.15);
  });

  it('nothing bought: XIRR not computable, said so', () => {
    const r = computeReturns({ ...input([]), fills: [] });
    expect(r.xirr.computable).toBe(false);
    expect(r.twr).toBe(0);
  });

  it('a kept (frozen) fills list asked for other windows answers each window, not the last one', () => {
    const sell: TaxFill = {
      ...buy,
      id: '2',
      side: 'sell',
      quantity: 4,
      valuePaise: 42_000n,
      executedAt: new Date('2023-07-01T10:00:00+05:30'),
    };
    const kept = Object.freeze([buy, sell]);
    const at = (to: string, fills: readonly TaxFill[]) =>
      computeReturns({ ...input([]), fills, to }).income;
    // Before the sale nothing is realised; after it, 4 shares bought at ₹100 sold at ₹105.
    expect(at('2023-03-01', kept).realisedPaise).toBe(0n);
    expect(at('2024-01-01', kept).realisedPaise).toBe(2_000n);
    expect(at('2023-03-01', kept)).toEqual(at('2023-03-01', [buy, sell]));
    expect(at('2024-01-01', kept)).toEqual(at('2024-01-01', [buy, sell]));
  });
});
