/** Pure parts of trading: holding arithmetic, the IPO allotment and the matcher's prices. */
import { describe, expect, it } from 'vitest';
import { allot, rankBySeed } from './allotment.ts';
import { applyBuy, applySell, averageCost, EMPTY_POSITION } from './holding-math.ts';
import { executablePrice } from './matching.ts';

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

describe('IPO allotment', () => {
  const apps = (n: number, lots = 1) =>
    Array.from({ length: n }, (_, i) => ({ id: `app-${String(i).padStart(4, '0')}`, lots }));
  const seed = '0123456789abcdef0123456789abcdef';

  it('fills every bid when the issue is not oversubscribed', () => {
    const result = allot(100, [...apps(10, 3), { id: 'big', lots: 5 }], seed);
    expect(result.method).toBe('full');
    expect(result.lots.get('big')).toBe(5);
    expect([...result.lots.values()].reduce((a, b) => a + b, 0)).toBe(35);
  });

  it('draws one lot each by lottery when applicants outnumber lots, reproducibly from the seed', () => {
    const list = apps(500, 2);
    const first = allot(120, list, seed);
    expect(first.method).toBe('lottery');
    const winners = [...first.lots].filter(([, lots]) => lots > 0);
    expect(winners).toHaveLength(120);
    expect(winners.every(([, lots]) => lots === 1)).toBe(true);
    // Same seed, applications read in another order: the same winners.
    const again = allot(120, [...list].reverse(), seed);
    expect(
      [...again.lots]
        .filter(([, l]) => l > 0)
        .map(([id]) => id)
        .sort(),
    ).toEqual(winners.map(([id]) => id).sort());
    // Another seed: another draw.
    const other = allot(120, list, 'fedcba9876543210fedcba9876543210');
    expect(
      [...other.lots]
        .filter(([, l]) => l > 0)
        .map(([id]) => id)
        .sort(),
    ).not.toEqual(winners.map(([id]) => id).sort());
    // The recorded fixed seed always picks these first three.
    expect(
      rankBySeed(seed, list)
        .slice(0, 3)
        .map((a) => a.id),
    ).toEqual(
      rankBySeed(seed, [...list].reverse())
        .slice(0, 3)
        .map((a) => a.id),
    );
  });

  it('gives everyone a lot and shares the rest in proportion when lots outnumber applicants', () => {
    const result = allot(
      20,
      [
        { id: 'a', lots: 1 },
        { id: 'b', lots: 10 },
        { id: 'c', lots: 19 },
      ],
      seed,
    );
    expect(result.method).toBe('proportional');
    const total = [...result.lots.values()].reduce((x, y) => x + y, 0);
    expect(total).toBe(20);
    expect(result.lots.get('a')).toBe(1);
    expect(result.lots.get('c')!).toBeGreaterThan(result.lots.get('b')!);
    for (const [id, lots] of result.lots)
      expect(lots).toBeLessThanOrEqual({ a: 1, b: 10, c: 19 }[id]!);
  });
});

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
