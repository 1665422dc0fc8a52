import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY, type TCountry } from '../../../lib/country';
import { timezoneOptionsFor, zoneLabel } from './timezone-options';

describe('the timezone picker', () => {
  it('offers India Standard Time first, then UTC, each named, whatever the country', () => {
    const us = { ...DEFAULT_COUNTRY, code: 'US', timezones: ['America/New_York'] } as TCountry;
    expect(timezoneOptionsFor(us).map((o) => o.value)).toEqual([
      'Asia/Kolkata',
      'UTC',
      'America/New_York',
    ]);
    expect(timezoneOptionsFor(DEFAULT_COUNTRY).map((o) => o.value)).toEqual([
      'Asia/Kolkata',
      'UTC',
    ]);
    expect(zoneLabel('Asia/Kolkata')).toBe('India Standard Time (Asia/Kolkata)');
    expect(zoneLabel('UTC')).toBe('Coordinated Universal Time (UTC)');
  });

  it('shows an unknown zone as its id rather than failing', () => {
    expect(zoneLabel('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
