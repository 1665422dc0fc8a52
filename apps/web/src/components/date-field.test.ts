import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './date-field';

describe('typed dates (DD/MM/YYYY)', () => {
  it('reads day first, with slashes, dashes or dots, and ISO days', () => {
    expect(parseTypedDate('24/11/2026')).toBe('2026-11-24');
    expect(parseTypedDate(' 4-1-2026 ')).toBe('2026-01-04');
    expect(parseTypedDate('04.01.2026')).toBe('2026-01-04');
    expect(parseTypedDate('2026-11-24')).toBe('2026-11-24');
  });

  it('refuses days that do not exist and month-first dates past the 12th', () => {
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('11/24/2026')).toBeNull();
    expect(parseTypedDate('24/11/26')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});
