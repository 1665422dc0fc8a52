import { describe, expect, it } from 'vitest';
import { dayText, isoDayIn, monthText } from './day-text.ts';

describe('a day as people read it', () => {
  it('writes September as Sep, like every other month in three letters, day first', () => {
    expect(dayText('2026-09-24')).toBe('24 Sep 2026');
    expect(dayText('2026-11-05')).toBe('5 Nov 2026');
    expect(dayText('2026-06-01T18:30:00.000Z')).toBe('1 Jun 2026');
    expect(monthText('2026-09')).toBe('Sep 2026');
  });

  it('leaves text that is not a day as it came, rather than inventing one', () => {
    expect(dayText('soon')).toBe('soon');
    expect(dayText('2026-13-01')).toBe('2026-13-01');
    expect(monthText('')).toBe('');
  });

  it('finds the day an instant falls on in a zone: 20:00 UTC is the next day in India', () => {
    const instant = new Date('2026-09-23T20:00:00Z');
    expect(isoDayIn(instant, 'UTC')).toBe('2026-09-23');
    expect(isoDayIn(instant, 'Asia/Kolkata')).toBe('2026-09-24');
  });
});
