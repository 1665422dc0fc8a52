import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from './app-settings';
import { COUNTRIES } from './countries';
import { DEFAULT_COUNTRY } from './country';

describe('the default country shipped with the sign-in page', () => {
  it('is the default locale country, exactly as the full list has it', () => {
    expect(DEFAULT_COUNTRY.code).toBe(DEFAULT_LOCALE.country);
    expect(COUNTRIES.find((country) => country.code === DEFAULT_COUNTRY.code)).toEqual(
      DEFAULT_COUNTRY,
    );
  });
});

describe('the country list the pickers show', () => {
  it('is sorted by name, not by ISO code', () => {
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.slice(0, 2)).toEqual(['Afghanistan', 'Åland Islands']);
  });
});
