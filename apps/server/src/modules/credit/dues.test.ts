/** The dues engine, the allocation rule, penal charges and rescheduling: pure, by example. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRepayment } from './allocation.ts';
import { bucketOf, duesOf, type InstalmentRow } from './dues.ts';
import { accrue, buildSchedule, periodsFrom, recompute, reschedule } from './interest.ts';
import { laterPeriods, maxInstalments, resetDateAfter } from './floating-rate.ts';
import { penalForDay } from './penal.ts';

const row = (n: number, dueDate: string, principal: bigint, interest: bigint): InstalmentRow => ({
  number: n,
  dueDate,
  principal,
  interestEstimate: interest,
  interestAccrued: interest,
});
/** Three monthly instalments of ₹1,000 principal and ₹100 interest each. */
const three = [
  row(1, '2026-02-01', 100_000n, 10_000n),
  row(2, '2026-03-01', 100_000n, 10_000n),
  row(3, '2026-04-01', 100_000n, 10_000n),
];
const base = {
  instalments: three,
  scheduledPrincipalPaid: 0n,
  interestPaid: 0n,
  accruedInterest: 25_000n,
  outstandingPrincipal: 300_000n,
  penal: 0n,
};

describe('dues', () => {
  it('on the due date the instalment is due, not past due; the days after it are not due', () => {
    const d = duesOf({ ...base, today: '2026-02-01' });
    expect(d.instalments.map((i) => i.state)).toEqual(['due', 'upcoming', 'upcoming']);
    expect([d.principalDue, d.interestDue, d.dueNow, d.pastDue, d.dpd]).toEqual([
      100_000n,
      10_000n,
      110_000n,
      0n,
      0,
    ]);
    // 25,000 accrued, 10,000 of it billed on 1 Feb: 15,000 accrued but not due.
    expect(d.interestNotDue).toBe(15_000n);
    expect(d.nextDueDate).toBe('2026-03-01');
  });

  it('unpaid instalments go past due with days past due from the oldest; a bucket by DPD', () => {
    const d = duesOf({ ...base, accruedInterest: 30_000n, today: '2026-03-05', penal: 500n });
    expect(d.instalments.map((i) => i.state)).toEqual(['overdue', 'overdue', 'upcoming']);
    expect(d.pastDue).toBe(220_500n);
    expect(d.dueNow).toBe(220_500n);
    expect(d.dpd).toBe(32);
    expect(d.bucket).toBe('sma_1');
  });

  it('payments apply oldest first: a part-paid first instalment is still overdue', () => {
    const d = duesOf({
      ...base,
      today: '2026-02-10',
      scheduledPrincipalPaid: 50_000n,
      interestPaid: 10_000n,
      accruedInterest: 3_000n,
    });
    expect(d.instalments[0]).toMatchObject({ state: 'overdue', principalPaid: 50_000n });
    expect([d.principalDue, d.interestDue, d.pastDue, d.dpd]).toEqual([50_000n, 0n, 50_000n, 9]);
  });

  it('the interest-only demo: past-due interest is due even after a principal prepayment', () => {
    // The defect: a principal prepayment counted against interest dues showed ₹0 due.
    const io = [
      row(1, '2026-10-04', 0n, 187_273n),
      row(2, '2026-11-04', 0n, 181_233n),
      row(3, '2026-12-04', 10_000_000n, 190_000n),
    ];
    const d = duesOf({
      instalments: io,
      today: '2026-11-29',
      scheduledPrincipalPaid: 0n,
      interestPaid: 142_868n,
      accruedInterest: 225_638n + 140_000n,
      outstandingPrincipal: 9_000_000n,
      penal: 0n,
    });
    expect(d.interestDue).toBe(187_273n + 181_233n - 142_868n);
    expect(d.dueNow).toBe(225_638n);
    expect(d.instalments.map((i) => i.state)).toEqual(['overdue', 'overdue', 'upcoming']);
  });

  it('buckets: SMA-0 1–30, SMA-1 31–60, SMA-2 61–90, NPA over 90', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(bucketOf)).toEqual([
      'current',
      'sma_0',
      'sma_0',
      'sma_1',
      'sma_1',
      'sma_2',
      'sma_2',
      'npa',
    ]);
  });
});

describe('allocation', () => {
  const owed = {
    penal: 500n,
    interestDue: 10_000n,
    principalDue: 100_000n,
    interestNotDue: 4_000n,
    principalNotDue: 200_000n,
  };

  it('penal, interest due, principal due, then prepayment of future principal', () => {
    expect(allocateRepayment(5_000n, owed)).toMatchObject({ penal: 500n, interest: 4_500n });
    expect(allocateRepayment(160_500n, owed)).toEqual({
      penal: 500n,
      interest: 10_000n,
      principal: 150_000n,
      prepaid: 50_000n,
      unused: 0n,
    });
  });

  it('a payment covering all the future principal pays the unbilled interest first', () => {
    expect(allocateRepayment(314_500n, owed)).toEqual({
      penal: 500n,
      interest: 14_000n,
      principal: 300_000n,
      prepaid: 200_000n,
      unused: 0n,
    });
  });

  it('never allocates more than the amount or than owed, in order', () => {
    const big = fc.bigInt({ min: 0n, max: 10n ** 8n });
    fc.assert(
      fc.property(big, big, big, big, big, big, (amount, a, b, c, d, e) => {
        const o = {
          penal: a,
          interestDue: b,
          principalDue: c,
          interestNotDue: d,
          principalNotDue: e,
        };
        const x = allocateRepayment(amount, o);
        expect(x.penal + x.interest + x.principal + x.unused).toBe(amount);
        expect(x.interest).toBeLessThanOrEqual(b + d);
        expect(x.principal).toBeLessThanOrEqual(c + e);
        if (x.interest > 0n) expect(x.penal).toBe(a);
        if (x.principal > 0n) expect(x.interest).toBeGreaterThanOrEqual(b);
        if (x.prepaid > 0n) expect(x.principal - x.prepaid).toBe(c);
      }),
    );
  });
});

describe('penal charges', () => {
  const loan = {
    paidPrincipalPaise: 0n,
    prepaidPrincipalPaise: 0n,
    paidInterestPaise: 0n,
    accruedInterestPaise: 30_000n,
    outstandingPrincipalPaise: 300_000n,
    feesDuePaise: 0n,
  };
  const rate = { penalKind: 'rate', penalRateBps: 2_400, penalFlatPaise: 0n };
  const flat = { penalKind: 'flat', penalRateBps: 0, penalFlatPaise: 50_000n };

  it('a rate: on overdue principal only, by the day, with a carry (never on interest)', () => {
    // ₹1,000 overdue at 24% a year: 100,000 × 2,400 / 3,650,000 = 65.75 paise a day.
    const day1 = penalForDay(rate, loan, three, '2026-02-02', 0n);
    expect(day1.amount).toBe(65n);
    let carry = 0n;
    let total = 0n;
    for (let k = 0; k < 10; k++) {
      const p = penalForDay(rate, loan, three, `2026-02-${String(2 + k).padStart(2, '0')}`, carry);
      carry = p.carry;
      total += p.amount;
    }
    expect(total).toBe(accrue(100_000n, 2_400, 10).interest);
    expect(penalForDay(rate, loan, three, '2026-02-01', 0n).amount).toBe(0n);
  });

  it('the docs’ example: 24% on ₹10,000 overdue for 10 days is ₹65.75, floored, day by day as closed', () => {
    const big = [row(1, '2026-02-01', 1_000_000n, 10_000n), row(2, '2026-03-01', 1_000_000n, 0n)];
    const owed = { ...loan, outstandingPrincipalPaise: 2_000_000n };
    let carry = 0n;
    let total = 0n;
    for (let k = 0; k < 10; k++) {
      const p = penalForDay(rate, owed, big, `2026-02-${String(2 + k).padStart(2, '0')}`, carry);
      carry = p.carry;
      total += p.amount;
    }
    // 1,000,000 × 2,400 × 10 / 3,650,000 = 6,575.34… paise.
    expect(total).toBe(6_575n);
  });

  it('flat: once, the day after an unpaid due date', () => {
    expect(penalForDay(flat, loan, three, '2026-02-02', 0n)).toMatchObject({
      amount: 50_000n,
      flatFor: 1,
    });
    expect(penalForDay(flat, loan, three, '2026-02-03', 0n).amount).toBe(0n);
    const paid = { ...loan, paidPrincipalPaise: 100_000n, paidInterestPaise: 10_000n };
    expect(penalForDay(flat, paid, three, '2026-02-02', 0n).amount).toBe(0n);
  });
});

describe('reschedule after a prepayment', () => {
  const periods = periodsFrom('2026-05-04', 8);
  const before = buildSchedule({
    principal: 3_000_000n,
    rateBps: 1_400,
    periods,
    repayment: 'emi',
  });

  it('lower EMI: same due dates, a smaller instalment, amortised to zero', () => {
    const next = reschedule({
      principal: 2_000_000n,
      rateBps: 1_400,
      periods,
      repayment: 'emi',
      choice: 'reduce_emi',
      emi: before.instalment,
    });
    expect(next).toHaveLength(8);
    expect(next[0]!.amount).toBeLessThan(before.instalment);
    expect(next.reduce((s, i) => s + i.principal, 0n)).toBe(2_000_000n);
  });

  it('shorter tenure: the same EMI, fewer instalments', () => {
    const next = reschedule({
      principal: 2_000_000n,
      rateBps: 1_400,
      periods,
      repayment: 'emi',
      choice: 'reduce_tenure',
      emi: before.instalment,
    });
    expect(next.length).toBeLessThan(8);
    expect(next[0]!.amount).toBe(before.instalment);
    expect(next.reduce((s, i) => s + i.principal, 0n)).toBe(2_000_000n);
    expect(next.at(-1)!.balanceAfter).toBe(0n);
  });
});

describe('recompute at a rate reset (the prepayment rule, which may also lengthen)', () => {
  const start = '2026-05-04';
  const all = periodsFrom(start, 12);
  const quoted = buildSchedule({
    principal: 3_000_000n,
    rateBps: 1_400,
    periods: all,
    repayment: 'emi',
  });
  const left = all.slice(3);
  const principal = quoted.instalments.slice(3).reduce((s, i) => s + i.principal, 0n);
  const later = laterPeriods(start, left.at(-1)!.dueDate, 12);

  it('keeping the EMI at a higher rate runs on into later due dates, and amortises to zero', () => {
    const next = recompute({
      principal,
      rateBps: 1_600,
      periods: left,
      repayment: 'emi',
      keep: 'emi',
      emi: quoted.instalment,
      later,
    });
    expect(next.kept).toBe('emi');
    expect(next.instalments.length).toBeGreaterThan(left.length);
    expect(next.instalments.slice(0, -1).every((i) => i.amount === quoted.instalment)).toBe(true);
    expect(next.instalments.at(-1)!.amount).toBeLessThanOrEqual(quoted.instalment);
    expect(next.instalments.reduce((s, i) => s + i.principal, 0n)).toBe(principal);
  });

  it('an EMI that would not clear the balance within twice the tenure: the tenure is kept and the EMI raised', () => {
    const next = recompute({
      principal,
      rateBps: 1_600,
      periods: left,
      repayment: 'emi',
      keep: 'emi',
      emi: 40_000n,
      later,
    });
    expect(next.kept).toBe('tenure');
    expect(next.instalments).toHaveLength(left.length);
    expect(next.instalments[0]!.amount).toBeGreaterThan(40_000n);
  });

  it("an EMI below a period's interest never lengthens (no negative amortisation)", () => {
    const next = recompute({
      principal,
      rateBps: 1_600,
      periods: left,
      repayment: 'emi',
      keep: 'emi',
      emi: 10_000n,
      later,
    });
    expect(next.kept).toBe('tenure');
  });

  it('resets fall on due dates every reset period from disbursal; lengthening stops at twice the tenure', () => {
    expect(resetDateAfter('2026-01-31', 3, '2026-01-31')).toBe('2026-04-30');
    expect(resetDateAfter('2026-01-31', 3, '2026-04-30')).toBe('2026-07-31');
    expect(maxInstalments(12)).toBe(24);
    expect(maxInstalments(84)).toBe(120);
    expect(later).toHaveLength(12);
  });
});
