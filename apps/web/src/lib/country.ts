/** One country of the reference list (spec §3 Locale), as the pickers and the clock use it. */
export interface TCountry {
  name: string;
  code: string;
  emoji: string;
  image: string;
  locale: string;
  language: string;
  currency: string;
  phoneCode: string;
  timezones: string[];
}

/** A row of countries.json: ISO code, English name, calling code, currency, language, zones. */
export type TCountryRow = [
  code: string,
  name: string,
  phoneCode: string,
  currency: string,
  language: string,
  zones: string,
];

/** Regional-indicator letters make the flag emoji of a two-letter code. */
const flagEmoji = (code: string) =>
  String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));

export const countryFromRow = ([
  code,
  name,
  phoneCode,
  currency,
  language,
  zones,
]: TCountryRow): TCountry => ({
  name,
  code,
  emoji: flagEmoji(code),
  image: `https://flagcdn.com/${code.toLowerCase()}.svg`,
  locale: `${language}-${code}`,
  language,
  currency,
  phoneCode,
  timezones: zones.split(' '),
});

/**
 * The default country's row (DEFAULT_LOCALE), so the sign-in page shows it without fetching
 * the 249-row list (5.6 kB of the first screen); the list loads when someone picks.
 */
export const DEFAULT_COUNTRY = countryFromRow(['IN', 'India', '+91', 'INR', 'en', 'Asia/Kolkata']);
