import { DEFAULT_LOCALE, setLocale } from '../../lib/app-settings';
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says just now, minutes, hours and days within a week', () => {
    expect(formatRelativeTime(ago(20), { now })).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), { now })).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 100), { now })).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400 + 3600), { now })).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400), { now })).toBe('3 days ago');
  });

  it('gives the date itself after a week, in the timezone chosen (UTC by default)', () => {
    expect(formatRelativeTime('2026-02-01T20:00:00Z', { now })).toBe('1 Feb 2026');
    setLocale({ country: 'IN', timezone: 'Asia/Kolkata' });
    try {
      expect(formatRelativeTime('2026-02-01T20:00:00Z', { now })).toBe('2 Feb 2026');
    } finally {
      setLocale(DEFAULT_LOCALE);
    }
  });
});
