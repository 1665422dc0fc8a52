/** The invocation rule by hand: largest holding by value first, only what restores the LTV. */
import { describe, expect, it } from 'vitest';
import { createCalendar } from '../market/calendar.ts';
import { referenceData } from '../market/reference-data.ts';
import {
  INVOCATION_ORDER,
  invocationPlan,
  MARGIN_CALL_DAYS,
  MARGIN_CALL_PERIOD,
  marginCallDeadline,
  marginCallTerms,
  pastDeadline,
  saleNeeded,
} from './invocation.ts';

/** The exchange calendar the server runs on: the NSE holiday list shipped with the market. */
const { isTradingDay } = createCalendar(referenceData().holidays, { alwaysOpen: false });

const rupees = (r: number) => BigInt(r * 100);

describe('saleNeeded', () => {
  it('solves (debt − 0.99·S) ≤ L·(value − S) for S, rounded up', () => {
    // ₹60,000 owed on ₹1,00,000 of shares, back to 50%: (60,000 − 50,000) / 0.49 = ₹20,408.17.
    expect(saleNeeded(rupees(60_000), rupees(100_000), 5_000)).toBe(2_040_817n);
    expect(saleNeeded(rupees(50_000), rupees(100_000), 5_000)).toBe(0n);
  });
});

describe('invocationPlan', () => {
  it('sells from the largest holding by value, whole shares, and stops when enough', () => {
    const plan = invocationPlan({
      debtPaise: rupees(60_000),
      ltvBps: 5_000,
      lines: [
        { symbol: 'TCS', held: 10, pricePaise: rupees(3_000) },
        { symbol: 'INFY', held: 100, pricePaise: rupees(700) },
      ],
    });
    // INFY (₹70,000) before TCS (₹30,000): ₹20,408.17 ÷ ₹700 → 30 shares; TCS untouched.
    expect(plan).toEqual([{ symbol: 'INFY', quantity: 30, valuePaise: rupees(21_000) }]);
    // After the sale at 99% net: (60,000 − 20,790) / (1,00,000 − 21,000) = 49.63% ≤ 50%.
  });

  it('goes on to the next holding when the largest is not enough', () => {
    // ₹40,000 on ₹50,000: S = (40,000 − 25,000) / 0.49 = ₹30,612.25.
    const plan = invocationPlan({
      debtPaise: rupees(40_000),
      ltvBps: 5_000,
      lines: [
        { symbol: 'BBB', held: 20, pricePaise: rupees(1_000) },
        { symbol: 'AAA', held: 30, pricePaise: rupees(1_000) },
      ],
    });
    expect(plan.map((s) => [s.symbol, s.quantity])).toEqual([
      ['AAA', 30],
      ['BBB', 1],
    ]);
  });

  it('breaks ties by symbol, skips untradeable lines, sells all when it cannot restore', () => {
    const all = invocationPlan({
      debtPaise: rupees(100_000),
      ltvBps: 5_000,
      lines: [
        { symbol: 'ZED', held: 10, pricePaise: rupees(2_500) },
        { symbol: 'ACE', held: 10, pricePaise: rupees(2_500) },
        { symbol: 'IPO', held: 50, pricePaise: null },
        { symbol: 'NIL', held: 0, pricePaise: rupees(10) },
      ],
    });
    expect(all.map((s) => [s.symbol, s.quantity])).toEqual([
      ['ACE', 10],
      ['ZED', 10],
    ]);
    expect(
      invocationPlan({
        debtPaise: rupees(10_000),
        ltvBps: 5_000,
        lines: [{ symbol: 'INFY', held: 100, pricePaise: rupees(700) }],
      }),
    ).toEqual([]);
  });
});

describe('the deadline and the KFS clause', () => {
  it('counts working days on the exchange calendar, met through its last day', () => {
    expect(MARGIN_CALL_DAYS).toBe(7);
    // Monday 28 Dec 2026: Tue–Fri, then Mon 4 and Tue 5 Jan… the 7th working day is Wed 6 Jan.
    expect(marginCallDeadline('2026-12-28', isTradingDay)).toBe('2027-01-06');
    expect(pastDeadline('2027-01-06', '2027-01-06')).toBe(false);
    expect(pastDeadline('2027-01-06', '2027-01-07')).toBe(true);
  });

  it('a call raised on a Friday before a holiday Monday skips the weekend and the holiday', () => {
    // Fri 23 Jan 2026; Mon 26 Jan is Republic Day (NSE closed). Working days: Tue 27, Wed 28,
    // Thu 29, Fri 30 Jan, Mon 2, Tue 3, Wed 4 Feb — twelve calendar days, not seven.
    expect(isTradingDay('2026-01-26')).toBe(false);
    expect(marginCallDeadline('2026-01-23', isTradingDay)).toBe('2026-02-04');
    // Raised on the Saturday or Sunday of that weekend: the same deadline.
    expect(marginCallDeadline('2026-01-24', isTradingDay)).toBe('2026-02-04');
    expect(marginCallDeadline('2026-01-25', isTradingDay)).toBe('2026-02-04');
    // Thu 24 Dec 2026, Christmas on the Friday: Mon 28 … Thu 31 Dec, Fri 1, Mon 4, Tue 5 Jan.
    expect(marginCallDeadline('2026-12-24', isTradingDay)).toBe('2027-01-05');
  });

  it('words the same constants the code uses', () => {
    const text = marginCallTerms({ ltvBps: 5_000, marginCallLtvBps: 6_000, sellOffLtvBps: 7_000 });
    expect(MARGIN_CALL_PERIOD).toBe('7 working days (days the exchange is open)');
    expect(text).toContain(`within ${MARGIN_CALL_PERIOD}.`);
    expect(text).toContain(INVOCATION_ORDER);
    expect(INVOCATION_ORDER).toBe('largest holding by value first');
    expect(text).toContain('reaches 60.00% (margin call)');
    expect(text).toContain('back to 50.00%');
  });
});
