import countryRows from './countries.json';

/**
 * Country reference list (spec §3 Locale): ISO 3166 code, English name, calling code,
 * ISO 4217 currency, main language and IANA timezones. Generated once from the tz
 * database's iso3166.tab and zone.tab with a calling-code and currency table (the rows are
 * countries.json); it loads in its own chunk, only where a country is picked.
 */
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

type TRow = [
  code: string,
  name: string,
  phoneCode: string,
  currency: string,
  language: string,
  zones: string,
];

const ROWS = countryRows as TRow[];

/** Regional-indicator letters make the flag emoji of a two-letter code. */
const flagEmoji = (code: string) =>
  String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));

export const COUNTRIES: TCountry[] = ROWS.map(
  ([code, name, phoneCode, currency, language, zones]) => ({
    name,
    code,
    emoji: flagEmoji(code),
    image: `https://flagcdn.com/${code.toLowerCase()}.svg`,
    locale: `${language}-${code}`,
    language,
    currency,
    phoneCode,
    timezones: zones.split(' '),
  }),
);

export const findCountry = (code: string) => COUNTRIES.find((country) => country.code === code);
