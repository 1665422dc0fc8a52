/** A holding's average cost and the P&L its sells realise. */
import { describe, expect, it } from 'vitest';
import { applyBuy, applySell, averageCost, EMPTY_POSITION } from './holding-math.ts';

describe('average cost and realised P&L', () => {
  it('averages buys and realises partial sells against the average', () => {
    let p = applyBuy(EMPTY_POSITION, 100, 15_000_000n); // 100 @ ₹1,500
    p = applyBuy(p, 50, 8_100_000n); // 50 @ ₹1,620
    expect(p).toEqual({ quantity: 150, costPaise: 23_100_000n, realisedPaise: 0n });
    expect(averageCost(p)).toBe(154_000n); // ₹1,540

    const s1 = applySell(p, 60, 9_900_000n); // 60 @ ₹1,650
    expect(s1.costRemovedPaise).toBe(9_240_000n); // 60 × ₹1,540
    expect(s1.realisedNowPaise).toBe(660_000n); // ₹6,600
    expect(averageCost(s1)).toBe(154_000n); // a sell does not move the average

    const s2 = applySell(s1, 90, 12_600_000n); // the rest @ ₹1,400
    expect(s2.quantity).toBe(0);
    expect(s2.costPaise).toBe(0n);
    expect(s2.realisedNowPaise).toBe(-1_260_000n);
    expect(s2.realisedPaise).toBe(660_000n - 1_260_000n);
  });

  it('rounds the cost taken out half up and never leaves cost behind an empty holding', () => {
    const p = applyBuy(EMPTY_POSITION, 3, 1000n); // ₹3.33⅓ each
    const a = applySell(p, 1, 400n);
    expect(a.costRemovedPaise).toBe(333n);
    const b = applySell(a, 2, 800n);
    expect(b.costRemovedPaise).toBe(667n);
    expect(b.costPaise).toBe(0n);
    expect(() => applySell(b, 1, 100n)).toThrow();
  });
});
