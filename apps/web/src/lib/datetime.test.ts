import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, setLocale } from './app-settings';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDayNumeric,
  formatIstDateTime,
  formatTime,
} from './datetime';

afterEach(() => setLocale(DEFAULT_LOCALE));

describe('the one date and time rule', () => {
  const instant = '2026-11-24T08:55:00Z';

  it('shows instants in the timezone chosen, UTC by default, naming the zone', () => {
    expect(formatDateTime(instant)).toBe('24 Nov 2026, 8:55 am UTC');
    setLocale({ country: 'IN', timezone: 'Asia/Kolkata' });
    expect(formatDateTime(instant)).toBe('24 Nov 2026, 2:25 pm IST');
    expect(formatTime(instant)).toBe('2:25 pm IST');
  });

  it("shows a market fact (an order's validity, a window) in IST whatever zone was chosen", () => {
    expect(formatDateTime(instant)).toBe('24 Nov 2026, 8:55 am UTC');
    expect(formatIstDateTime(instant)).toBe('24 Nov 2026, 2:25 pm IST');
    setLocale({ country: 'US', timezone: 'America/New_York' });
    expect(formatIstDateTime(instant)).toBe('24 Nov 2026, 2:25 pm IST');
  });

  it('moves the date with the zone: late evening UTC is the next day in India', () => {
    const late = '2026-11-24T20:00:00Z';
    expect(formatDate(late)).toBe('24 Nov 2026');
    expect(formatDate(late, 'Asia/Kolkata')).toBe('25 Nov 2026');
  });

  it('writes calendar days as they are, in either form', () => {
    setLocale({ country: 'US', timezone: 'America/Los_Angeles' });
    expect(formatDay('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDayNumeric('2026-11-24')).toBe('24/11/2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    setLocale({ country: 'IN', timezone: 'Mars/Olympus' });
    expect(formatDateTime(instant)).toBe('24 Nov 2026, 8:55 am UTC');
  });
});
