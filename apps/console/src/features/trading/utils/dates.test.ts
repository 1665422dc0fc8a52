import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  formatDay,
  instantToIstInput,
  istInputToInstant,
  istNowInstant,
  istToday,
} from './dates';

describe('addWorkingDays (IPO listing T+3)', () => {
  it('counts weekdays only', () => {
    expect(addWorkingDays('2026-03-10', 3)).toBe('2026-03-13'); // Tue → Fri
    expect(addWorkingDays('2026-03-12', 3)).toBe('2026-03-17'); // Thu → Tue, over the weekend
    expect(addWorkingDays('2026-03-13', 3)).toBe('2026-03-18'); // Fri → Wed
    expect(addWorkingDays('2026-03-14', 3)).toBe('2026-03-18'); // Sat → Wed
  });

  it('crosses months and years', () => {
    expect(addWorkingDays('2026-12-31', 3)).toBe('2027-01-05');
  });

  it('answers nothing for an unreadable day', () => {
    expect(addWorkingDays('', 3)).toBe('');
    expect(addWorkingDays('13/03/2026', 3)).toBe('');
  });
});

describe('IST inputs', () => {
  it('reads a datetime-local value as IST and back', () => {
    expect(istInputToInstant('2026-03-10T09:15')).toBe('2026-03-10T09:15:00+05:30');
    expect(istInputToInstant('')).toBe('');
    expect(instantToIstInput('2026-03-10T09:15:00+05:30')).toBe('2026-03-10T09:15');
    expect(instantToIstInput('2026-03-10T20:00:00.000Z')).toBe('2026-03-11T01:30');
    expect(instantToIstInput('')).toBe('');
  });

  it('knows the IST day and minute', () => {
    const lateUtc = new Date('2026-03-10T19:00:30Z');
    expect(istToday(lateUtc)).toBe('2026-03-11');
    expect(istNowInstant(lateUtc)).toBe('2026-03-11T00:30:00+05:30');
  });

  it('formats a day', () => {
    expect(formatDay('2026-03-13')).toBe('13 Mar 2026');
    expect(formatDay(null)).toBe('—');
  });
});
