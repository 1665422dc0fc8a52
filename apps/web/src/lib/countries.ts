import countryRows from './countries.json';
import { countryFromRow, type TCountry, type TCountryRow } from './country';

export type { TCountry };

const ROWS = countryRows as TCountryRow[];

/**
 * Country reference list (spec §3 Locale): ISO 3166 code, English name, calling code,
 * ISO 4217 currency, main language and IANA timezones. Generated once from the tz
 * database's iso3166.tab and zone.tab with a calling-code and currency table (the rows are
 * countries.json); it loads in its own chunk, only where a country is picked. Sorted by name,
 * the way a person looks for their country (issue 31: the rows are in ISO code order, so
 * "United Arab Emirates" came second).
 */
export const COUNTRIES: TCountry[] = ROWS.map(countryFromRow).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);
