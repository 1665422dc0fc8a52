/**
 * Loan arithmetic as properties: instalments repay exactly the principal, total interest is
 * the closed form, and accruing a run of days at once equals accruing it day by day.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrue,
  aprBps,
  buildSchedule,
  DAY_DENOMINATOR,
  daysBetween,
  dueDates,
  type Period,
  periodsFrom,
  processingFee,
} from './interest.ts';

const principal = fc.bigInt({ min: 100_000n, max: 10_000_000_000n }); // ₹1,000 to ₹10 crore
const rate = fc.integer({ min: 0, max: 6_000 }); // 0 to 60% a year
const months = fc.integer({ min: 1, max: 60 });
const day = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z') })
  .filter((d) => !Number.isNaN(d.getTime()))
  .map((d) => d.toISOString().slice(0, 10));
const equalPeriods = (n: number, days: number): Period[] =>
  Array.from({ length: n }, (_, i) => ({ dueDate: `p${i + 1}`, days }));

describe('daily accrual (actual/365)', () => {
  it('accruing N days at once equals the sum of N daily accruals, carry and all', () => {
    fc.assert(
      fc.property(
        principal,
        rate,
        fc.integer({ min: 0, max: 800 }),
        fc.bigInt({ min: 0n, max: DAY_DENOMINATOR - 1n }),
        (p, r, n, carry0) => {
          let carry = carry0;
          let sum = 0n;
          for (let d = 0; d < n; d++) {
            const day = accrue(p, r, 1, carry);
            sum += day.interest;
            carry = day.carry;
          }
          const whole = accrue(p, r, n, carry0);
          expect(whole.interest).toBe(sum);
          expect(whole.carry).toBe(carry);
        },
      ),
    );
  });

  it('a year of days on ₹1,00,000 at 12% is ₹12,000 exactly', () => {
    expect(accrue(10_000_000n, 1_200, 365).interest).toBe(1_200_000n);
  });

  it('a day is never more than the closed form and never a paisa less', () => {
    fc.assert(
      fc.property(principal, rate, (p, r) => {
        const exact = (Number(p) * r) / 10_000 / 365;
        const { interest } = accrue(p, r, 1);
        expect(Number(interest)).toBeLessThanOrEqual(exact + 1e-6);
        expect(Number(interest)).toBeGreaterThan(exact - 1);
      }),
    );
  });
});

describe('EMI schedules', () => {
  it('instalments repay exactly the principal and end at zero', () => {
    fc.assert(
      fc.property(principal, rate, day, months, (p, r, start, n) => {
        const s = buildSchedule({
          principal: p,
          rateBps: r,
          periods: periodsFrom(start, n),
          repayment: 'emi',
        });
        expect(s.instalments).toHaveLength(n);
        expect(s.instalments.reduce((sum, i) => sum + i.principal, 0n)).toBe(p);
        expect(s.instalments.at(-1)!.balanceAfter).toBe(0n);
        for (const i of s.instalments) {
          expect(i.amount).toBe(i.interest + i.principal);
          expect(i.principal).toBeGreaterThanOrEqual(0n);
        }
        // Every instalment but the last is the EMI; the last is never more than it.
        for (const i of s.instalments.slice(0, -1)) expect(i.amount).toBe(s.instalment);
        expect(s.instalments.at(-1)!.amount).toBeLessThanOrEqual(s.instalment);
        expect(s.totalRepayable).toBe(p + s.totalInterest);
      }),
    );
  });

  it('with equal periods, the EMI and total interest match the closed form', () => {
    fc.assert(
      fc.property(
        principal,
        fc.integer({ min: 1, max: 6_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 28, max: 31 }),
        (p, r, n, days) => {
          const periods = equalPeriods(n, days);
          const s = buildSchedule({ principal: p, rateBps: r, periods, repayment: 'emi' });
          const i = (r / 10_000) * (days / 365);
          const growth = Math.pow(1 + i, n);
          const exactEmi = (Number(p) * i * growth) / (growth - 1);
          // The EMI is the real-number one in whole paise.
          expect(Math.abs(Number(s.instalment) - exactEmi)).toBeLessThanOrEqual(2);
          // Paying that whole-paisa EMI n − 1 times, the closed form of the balance left
          // gives the last instalment and so the total interest; each period's interest is
          // whole paise (the carry keeps the running error under one), hence the tolerance.
          const e = Number(s.instalment);
          const annuity = (Math.pow(1 + i, n - 1) - 1) / i;
          const left = Number(p) * Math.pow(1 + i, n - 1) - e * annuity;
          const closedInterest = (n - 1) * e + left * (1 + i) - Number(p);
          expect(Math.abs(Number(s.totalInterest) - closedInterest)).toBeLessThanOrEqual(n + 2);
        },
      ),
    );
  });

  it('the EMI of ₹5,00,000 at 12% over twelve 30-day months', () => {
    const s = buildSchedule({
      principal: 50_000_000n,
      rateBps: 1_200,
      periods: equalPeriods(12, 30),
      repayment: 'emi',
    });
    // i = 0.12 × 30/365 a period.
    const i = 0.12 * (30 / 365);
    const g = Math.pow(1 + i, 12);
    expect(Number(s.instalment) / 100).toBeCloseTo((500_000 * i * g) / (g - 1), 1);
  });
});

describe('interest-only schedules', () => {
  it('pay interest each month and the principal with the last instalment', () => {
    fc.assert(
      fc.property(principal, rate, day, months, (p, r, start, n) => {
        const periods = periodsFrom(start, n);
        const s = buildSchedule({ principal: p, rateBps: r, periods, repayment: 'interest_only' });
        for (const i of s.instalments.slice(0, -1)) expect(i.principal).toBe(0n);
        expect(s.instalments.at(-1)!.principal).toBe(p);
        // The closed form: the whole term's days at one principal.
        const days = periods.reduce((sum, x) => sum + x.days, 0);
        expect(s.totalInterest).toBe((p * BigInt(r) * BigInt(days)) / DAY_DENOMINATOR);
        expect(days).toBe(daysBetween(start, periods.at(-1)!.dueDate));
      }),
    );
  });
});

describe('calendar', () => {
  it('due dates keep the day of the month, or the month end when it is shorter', () => {
    expect(dueDates('2025-01-31', 4)).toEqual([
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
    ]);
    expect(dueDates('2024-11-15', 3)).toEqual(['2024-12-15', '2025-01-15', '2025-02-15']);
  });
});

describe('fees, APR and repayment order', () => {
  it('the fee and its 18% GST round to the paisa', () => {
    expect(processingFee(50_000_000n, 100)).toEqual({ fee: 500_000n, gst: 90_000n });
    expect(processingFee(12_345n, 150)).toEqual({ fee: 185n, gst: 33n });
  });

  it('the APR is the rate without a fee and above it with one', () => {
    const periods = periodsFrom('2025-04-01', 12);
    const s = buildSchedule({ principal: 50_000_000n, rateBps: 1_200, periods, repayment: 'emi' });
    const plain = aprBps(50_000_000n, s.instalments);
    // Monthly compounding of 12% nominal is 12.68% effective.
    expect(plain).toBeGreaterThanOrEqual(1_260);
    expect(plain).toBeLessThanOrEqual(1_275);
    expect(aprBps(49_410_000n, s.instalments)).toBeGreaterThan(plain + 100);
  });
});
