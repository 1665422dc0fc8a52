import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIstDays,
  asIstDay,
  daysInMs,
  isIstDay,
  istDayEnd,
  istDayIndex,
  istDayOf,
  istDayStart,
  istDaysBetween,
  istInstant,
  istLocalInput,
  istLocalToInstant,
  istMinuteOfDay,
  istWallTime,
  istWeekday,
} from './ist-day.ts';

const day = asIstDay;

describe('the IST day of an instant', () => {
  it('turns at 18:30 UTC, not at UTC midnight', () => {
    expect(istDayOf(new Date('2026-03-09T18:29:59.999Z'))).toBe('2026-03-09');
    expect(istDayOf(new Date('2026-03-09T18:30:00.000Z'))).toBe('2026-03-10');
    expect(istDayOf(new Date('2026-03-10T00:00:00.000Z'))).toBe('2026-03-10');
  });

  it('starts at 18:30 UTC the evening before and ends, exclusive, 24 hours later', () => {
    expect(istDayStart(day('2026-03-10')).toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(istDayEnd(day('2026-03-10')).toISOString()).toBe('2026-03-10T18:30:00.000Z');
  });

  it('is 24 hours long on every day of the year: India keeps no daylight saving', () => {
    // The days Europe and the US change their clocks are ordinary days in India.
    for (const d of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
      const length = istDayEnd(day(d)).getTime() - istDayStart(day(d)).getTime();
      expect(length).toBe(daysInMs(1));
    }
  });

  it('round-trips: every instant lies within the day it falls on', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01') }), (at) => {
        if (Number.isNaN(at.getTime())) return;
        const d = istDayOf(at);
        expect(istDayStart(d).getTime()).toBeLessThanOrEqual(at.getTime());
        expect(istDayEnd(d).getTime()).toBeGreaterThan(at.getTime());
      }),
    );
  });
});

describe('adding and counting days', () => {
  it('crosses month ends and leap days', () => {
    expect(addIstDays(day('2024-02-28'), 1)).toBe('2024-02-29');
    expect(addIstDays(day('2024-02-29'), 1)).toBe('2024-03-01');
    expect(addIstDays(day('2025-02-28'), 1)).toBe('2025-03-01');
    expect(addIstDays(day('2026-01-01'), -1)).toBe('2025-12-31');
  });

  it('counts a leap year as 366 days and a common one as 365', () => {
    expect(istDaysBetween(day('2024-01-01'), day('2025-01-01'))).toBe(366);
    expect(istDaysBetween(day('2025-01-01'), day('2026-01-01'))).toBe(365);
    expect(istDaysBetween(day('2000-01-01'), day('2001-01-01'))).toBe(366);
    expect(istDaysBetween(day('2100-01-01'), day('2101-01-01'))).toBe(365);
    expect(istDaysBetween(day('2026-03-10'), day('2026-03-01'))).toBe(-9);
  });

  it('adding the days between two days lands on the later one', () => {
    const anyDay = fc.integer({ min: 0, max: 60_000 }).map((n) => addIstDays(day('1970-01-01'), n));
    fc.assert(fc.property(anyDay, anyDay, (a, b) => addIstDays(a, istDaysBetween(a, b)) === b));
  });

  it('numbers days from 1970-01-01 and names their weekday', () => {
    expect(istDayIndex(day('1970-01-02'))).toBe(1);
    expect(istWeekday(day('2026-03-10'))).toBe(2); // a Tuesday
    expect(istWeekday(day('2026-03-15'))).toBe(0); // a Sunday
  });
});

describe('reading days from outside', () => {
  it('accepts real calendar days only', () => {
    expect(isIstDay('2024-02-29')).toBe(true);
    expect(isIstDay('2025-02-29')).toBe(false);
    expect(isIstDay('2026-13-01')).toBe(false);
    expect(isIstDay('2026-3-1')).toBe(false);
    expect(isIstDay('2026-03-10T00:00:00Z')).toBe(false);
    expect(() => asIstDay('2025-02-30')).toThrow(RangeError);
  });
});

describe('wall-clock times', () => {
  it('places a minute of an IST day and reads it back', () => {
    const open = istInstant(day('2026-03-10'), 9 * 60 + 15);
    expect(open.toISOString()).toBe('2026-03-10T03:45:00.000Z');
    expect(istMinuteOfDay(open)).toBe(555);
    expect(istMinuteOfDay(new Date('2026-03-09T18:30:00Z'))).toBe(0);
    expect(istMinuteOfDay(new Date('2026-03-09T18:29:00Z'))).toBe(1439);
  });

  it('writes documents and datetime-local inputs in IST', () => {
    expect(istWallTime(new Date('2026-03-10T03:45:07Z'))).toBe('2026-03-10 09:15:07');
    expect(istLocalInput('2026-03-10T03:45:00Z')).toBe('2026-03-10T09:15');
    expect(istLocalInput('not a date')).toBe('');
    expect(Date.parse(istLocalToInstant('2026-03-10T09:15'))).toBe(open());
    expect(istLocalToInstant('')).toBe('');
  });
});

const open = () => Date.parse('2026-03-10T03:45:00Z');
