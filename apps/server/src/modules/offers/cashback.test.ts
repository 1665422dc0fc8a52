/**
 * The cashback rule by hand: basis points of the brokerage, rounded down to the paisa, held
 * to the cap. Each name carries its worked example (₹1 = 100 paise, 10,000 bps = 100%).
 */
import { describe, expect, it } from 'vitest';
import { cashbackOf } from './cashback.ts';

describe('cashbackOf', () => {
  it('12.5% (1,250 bps) of ₹40.00 brokerage is ₹5.00: 4,000 × 1,250 / 10,000 = 500 paise', () => {
    expect(cashbackOf(4_000n, 1_250, 100_000n)).toBe(500n);
  });

  it('3.33% (333 bps) of ₹20.00 is 66.6 paise, paid as 66: rounded down, never up', () => {
    expect(cashbackOf(2_000n, 333, 100_000n)).toBe(66n);
  });

  it('rounds down even at .99: 1% (100 bps) of ₹1.99 is 1.99 paise, paid as 1', () => {
    expect(cashbackOf(199n, 100, 100_000n)).toBe(1n);
  });

  it('an exact paisa is kept whole: 1% of ₹1.00 is 1 paisa', () => {
    expect(cashbackOf(100n, 100, 100_000n)).toBe(1n);
  });

  it('under one paisa is zero: 0.01% (1 bps) of ₹20.00 is 0.2 paise → 0', () => {
    expect(cashbackOf(2_000n, 1, 100_000n)).toBe(0n);
  });

  it('the cap holds: 50% of ₹20.00 is ₹10.00, capped at ₹7.50 → 750 paise', () => {
    expect(cashbackOf(2_000n, 5_000, 750n)).toBe(750n);
  });

  it('exactly at the cap is the cap: 50% of ₹15.00 = ₹7.50 with a ₹7.50 cap → 750', () => {
    expect(cashbackOf(1_500n, 5_000, 750n)).toBe(750n);
  });

  it('100% (10,000 bps) gives the whole brokerage back: ₹20.00 → 2,000 paise', () => {
    expect(cashbackOf(2_000n, 10_000, 100_000n)).toBe(2_000n);
  });

  it('no brokerage gives nothing: 0 paise at any rate', () => {
    expect(cashbackOf(0n, 10_000, 100_000n)).toBe(0n);
  });

  it('stays exact where a float would not: 7% of ₹9,007,199,254,740,993.00 brokerage', () => {
    // 900,719,925,474,099,300 paise × 700 / 10,000 = 63,050,394,783,186,951 exactly.
    expect(cashbackOf(900_719_925_474_099_300n, 700, 10n ** 20n)).toBe(63_050_394_783_186_951n);
  });
});
