import { describe, expect, it } from 'vitest';
import { parsePeriod, previousMonth, previousQuarter } from './periods.ts';

describe('statement periods', () => {
  it('reads a month and a quarter as IST days, both ends included', () => {
    expect(parsePeriod('2026-02')).toEqual({
      name: '2026-02',
      kind: 'month',
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(parsePeriod('2028-02')?.to).toBe('2028-02-29');
    expect(parsePeriod('2026-Q4')).toEqual({
      name: '2026-Q4',
      kind: 'quarter',
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(parsePeriod('2026-Q1')?.to).toBe('2026-03-31');
  });

  it('refuses what is not a period', () => {
    for (const bad of ['2026-13', '2026-Q5', '2026-1', 'Q1-2026', ''])
      expect(parsePeriod(bad)).toBeNull();
  });

  it('names the month and the quarter before a day', () => {
    expect(previousMonth('2026-01-01')).toBe('2025-12');
    expect(previousMonth('2026-11-29')).toBe('2026-10');
    expect(previousQuarter('2026-01-02')).toBe('2025-Q4');
    expect(previousQuarter('2026-11-29')).toBe('2026-Q3');
  });
});
