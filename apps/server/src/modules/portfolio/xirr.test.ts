/** XIRR against Excel's documented example, a hand-worked year, and flows with no rate. */
import { describe, expect, it } from 'vitest';
import { xirr, XIRR_REASONS } from './xirr.ts';

describe('XIRR', () => {
  it("Excel's documented example: 37.336%", () => {
    const result = xirr([
      { day: '2008-01-01', amount: -10_000 },
      { day: '2008-03-01', amount: 2_750 },
      { day: '2008-10-30', amount: 4_250 },
      { day: '2009-02-15', amount: 3_250 },
      { day: '2009-04-01', amount: 2_750 },
    ]);
    expect(result.computable).toBe(true);
    if (!result.computable) return;
    // Excel returns 0.373362535; agree to a hundredth of a basis point.
    expect(Math.abs(result.rate - 0.373362535)).toBeLessThan(1e-6);
    expect((result.rate * 100).toFixed(3)).toBe('37.336');
  });

  it('₹1,00,000 in, ₹1,10,000 out 365 days later: exactly 10%', () => {
    const result = xirr([
      { day: '2023-04-01', amount: -10_000_000 },
      { day: '2024-03-31', amount: 11_000_000 },
    ]);
    expect(result).toEqual({ computable: true, rate: expect.closeTo(0.1, 10) });
  });

  it('half lost in a month still solves (Newton leaves the range; bisection finds it)', () => {
    const result = xirr([
      { day: '2024-01-01', amount: -100_000 },
      { day: '2024-01-31', amount: 50_000 },
    ]);
    expect(result.computable).toBe(true);
    if (!result.computable) return;
    // 0.5^(365/30) − 1 = −99.978%.
    expect(result.rate).toBeCloseTo(Math.pow(0.5, 365 / 30) - 1, 8);
  });

  it('all positive, all negative, or one flow: not computable, with the reason', () => {
    expect(
      xirr([
        { day: '2024-01-01', amount: 100 },
        { day: '2024-02-01', amount: 200 },
      ]),
    ).toEqual({ computable: false, reason: XIRR_REASONS.oneSign });
    expect(
      xirr([
        { day: '2024-01-01', amount: -100 },
        { day: '2024-02-01', amount: -200 },
      ]),
    ).toEqual({ computable: false, reason: XIRR_REASONS.oneSign });
    expect(xirr([{ day: '2024-01-01', amount: -100 }])).toEqual({
      computable: false,
      reason: XIRR_REASONS.tooFew,
    });
  });

  it("many flows on one day solve as their sum: Excel's example with each flow split in three", () => {
    const whole = [
      { day: '2008-01-01', amount: -10_000 },
      { day: '2008-03-01', amount: 2_750 },
      { day: '2008-10-30', amount: 4_250 },
      { day: '2009-02-15', amount: 3_250 },
      { day: '2009-04-01', amount: 2_750 },
    ];
    // A buy, a sell and a dividend can share a day: −10,000 as −12,000 + 1,500 + 500, and so on.
    const split = whole.flatMap(({ day, amount }) => [
      { day, amount: amount - 2_000 },
      { day, amount: 1_500 },
      { day, amount: 500 },
    ]);
    expect(xirr(split)).toEqual(xirr(whole));
    expect(xirr(split)).toEqual({ computable: true, rate: expect.closeTo(0.373362535, 6) });
  });

  it('a day whose flows cancel out leaves no rate to find', () => {
    expect(
      xirr([
        { day: '2024-01-01', amount: -100 },
        { day: '2024-01-01', amount: 100 },
      ]),
    ).toEqual({ computable: false, reason: XIRR_REASONS.noRoot });
  });

  it('flows out of day order merge by their day, whichever order they come in', () => {
    const inOrder = [
      { day: '2024-01-01', amount: -1_000 },
      { day: '2024-01-01', amount: -500 },
      { day: '2024-06-01', amount: 200 },
      { day: '2024-12-31', amount: 1_400 },
    ];
    const shuffled = [
      inOrder[2]!,
      inOrder[0]!,
      inOrder[3]!,
      inOrder[1]!,
      { ...inOrder[0]!, amount: 0 },
    ];
    expect(xirr(shuffled)).toEqual(xirr(inOrder));
    expect(xirr([inOrder[0]!, inOrder[2]!, inOrder[1]!, inOrder[1]!, inOrder[3]!])).toEqual(
      xirr([{ day: '2024-01-01', amount: -2_000 }, inOrder[2]!, inOrder[3]!]),
    );
  });
});
