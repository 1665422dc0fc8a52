import { describe, expect, it } from 'vitest';
import { dateAfter, isOverdue, referenceOf } from './rules.ts';

describe('the 21-day grievance timeline', () => {
  it('counts calendar days across a month end and a leap day', () => {
    expect(dateAfter('2026-11-20', 21)).toBe('2026-12-11');
    expect(dateAfter('2028-02-20', 21)).toBe('2028-03-12');
  });

  it('is overdue only after the due date, and only while open', () => {
    expect(isOverdue('open', '2026-12-11', '2026-12-11')).toBe(false);
    expect(isOverdue('open', '2026-12-11', '2026-12-12')).toBe(true);
    expect(isOverdue('resolved', '2026-12-11', '2026-12-12')).toBe(false);
  });

  it('numbers references with six digits', () => {
    expect(referenceOf(42)).toBe('GRV-000042');
  });
});
