/**
 * Validates the market reference data shipped beside this file: the files parse, every
 * cross-reference resolves, ISINs carry a valid check digit, prices sit on the NSE tick grid
 * and index weights sum to one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
const readJson = <T>(file: string): T => JSON.parse(read(file)) as T;

const HEADER =
  'symbol,isin,name,sector,industry,segment,fno,ref_close,shares_outstanding,avg_daily_volume,beta';

/** The NIFTY 50 as listed in shared/data/nifty50.csv. */
// prettier-ignore
const NIFTY50 = [
  'AXISBANK', 'BAJFINANCE', 'BAJAJFINSV', 'HDFCBANK', 'HDFCLIFE', 'ICICIBANK', 'JIOFIN',
  'KOTAKBANK', 'SBILIFE', 'SHRIRAMFIN', 'SBIN', 'HCLTECH', 'INFY', 'TCS', 'TECHM', 'WIPRO',
  'BAJAJ-AUTO', 'EICHERMOT', 'M&M', 'MARUTI', 'TMPV', 'APOLLOHOSP', 'CIPLA', 'DRREDDY',
  'MAXHEALTH', 'SUNPHARMA', 'HINDUNILVR', 'ITC', 'NESTLEIND', 'TATACONSUM', 'ADANIENT',
  'HINDALCO', 'JSWSTEEL', 'TATASTEEL', 'COALINDIA', 'ONGC', 'RELIANCE', 'ASIANPAINT', 'TITAN',
  'GRASIM', 'ULTRACEMCO', 'NTPC', 'POWERGRID', 'ADANIPORTS', 'INDIGO', 'ETERNAL', 'TRENT', 'LT',
  'BHARTIARTL', 'BEL',
];

// prettier-ignore
const NIFTY_BANK = [
  'HDFCBANK', 'ICICIBANK', 'SBIN', 'AXISBANK', 'KOTAKBANK', 'INDUSINDBK', 'FEDERALBNK',
  'IDFCFIRSTB', 'BANKBARODA', 'AUBANK', 'PNB', 'CANBK',
];

const INDEX_ORDER = [
  'SENSEX',
  'NIFTY50',
  'NIFTYBANK',
  'NIFTYSMLCAP100',
  'NIFTYMIDCAP100',
  'INDIAVIX',
];

const COLUMNS = HEADER.split(',') as [
  'symbol',
  'isin',
  'name',
  'sector',
  'industry',
  'segment',
  'fno',
  'ref_close',
  'shares_outstanding',
  'avg_daily_volume',
  'beta',
];
type Row = Record<(typeof COLUMNS)[number], string>;

type Company = { description: string; founded: number; headquarters: string; website: string };
type Index = {
  symbol: string;
  name: string;
  base_value: number;
  constituents: { symbol: string; weight: number }[];
};
type Theme = { id: string; title: string; description: string; symbols: string[] };
type Holiday = { date: string; name: string };

const [headerLine, ...dataLines] = read('instruments.csv').trim().split(/\r?\n/);
const rows: Row[] = dataLines.map((line) => {
  const cells = line.split(',');
  return Object.fromEntries(COLUMNS.map((c, i) => [c, cells[i] ?? ''])) as Row;
});
const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
const companies = readJson<Record<string, Company>>('companies.json');
const indices = readJson<Index[]>('indices.json');
const themes = readJson<Theme[]>('themes.json');
const holidays = readJson<Holiday[]>('nse-holidays.json');

/** ISIN check digit: letters become 10..35, then the Luhn algorithm over the digit string. */
function isinCheckDigitOk(isin: string): boolean {
  const digits = [...isin.slice(0, 11)].map((ch) => parseInt(ch, 36).toString()).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}

/** NSE cash-market tick size in paise for a price in paise (the engine's bands). */
const tickPaise = (paise: number) =>
  paise < 250_00
    ? 1
    : paise <= 1_000_00
      ? 5
      : paise <= 5_000_00
        ? 10
        : paise <= 10_000_00
          ? 50
          : paise <= 20_000_00
            ? 100
            : 500;

describe('instruments.csv', () => {
  it('has the agreed header and one well-formed row per line', () => {
    expect(headerLine).toBe(HEADER);
    for (const line of dataLines) expect(line.split(',')).toHaveLength(COLUMNS.length);
  });

  it('has unique symbols and ISINs', () => {
    expect(new Set(rows.map((r) => r.symbol)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.isin)).size).toBe(rows.length);
  });

  it('has Indian equity ISINs with a valid check digit', () => {
    for (const r of rows) {
      expect(r.isin, r.symbol).toMatch(/^INE[A-Z0-9]{9}$/);
      expect(isinCheckDigitOk(r.isin), `${r.symbol} ${r.isin}`).toBe(true);
    }
  });

  it('rejects a corrupted ISIN check digit', () => {
    expect(isinCheckDigitOk('INE002A01018')).toBe(true);
    expect(isinCheckDigitOk('INE002A01017')).toBe(false);
    expect(isinCheckDigitOk('INE009A01021')).toBe(true);
    expect(isinCheckDigitOk('INE009A01012')).toBe(false);
  });

  it('contains the whole NIFTY 50 as segment nifty50 and nothing else there', () => {
    for (const symbol of NIFTY50) expect(bySymbol.get(symbol)?.segment, symbol).toBe('nifty50');
    const nifty = rows.filter((r) => r.segment === 'nifty50').map((r) => r.symbol);
    expect(nifty.sort()).toEqual([...NIFTY50].sort());
  });

  it('has about fifty midcap and fifty smallcap rows and no other segment', () => {
    const count = (segment: string) => rows.filter((r) => r.segment === segment).length;
    expect(count('midcap')).toBeGreaterThanOrEqual(45);
    expect(count('midcap')).toBeLessThanOrEqual(60);
    expect(count('smallcap')).toBeGreaterThanOrEqual(45);
    expect(count('smallcap')).toBeLessThanOrEqual(60);
    expect(count('nifty50') + count('midcap') + count('smallcap')).toBe(rows.length);
  });

  it('keeps the sector list small and every text field filled', () => {
    expect(new Set(rows.map((r) => r.sector)).size).toBeLessThanOrEqual(20);
    for (const r of rows) {
      for (const c of ['name', 'sector', 'industry'] as const) expect(r[c], r.symbol).not.toBe('');
      expect(['true', 'false'], r.symbol).toContain(r.fno);
    }
  });

  it('has a two-decimal reference close on the NSE tick grid', () => {
    for (const r of rows) {
      expect(r.ref_close, r.symbol).toMatch(/^\d+\.\d{2}$/);
      const paise = Math.round(Number(r.ref_close) * 100);
      expect(paise, r.symbol).toBeGreaterThan(0);
      expect(paise % tickPaise(paise), `${r.symbol} ${r.ref_close}`).toBe(0);
    }
  });

  it('has positive integer share counts and volumes and a beta in 0.5..1.6', () => {
    for (const r of rows) {
      expect(r.shares_outstanding, r.symbol).toMatch(/^[1-9]\d*$/);
      expect(r.avg_daily_volume, r.symbol).toMatch(/^[1-9]\d*$/);
      expect(r.beta, r.symbol).toMatch(/^\d\.\d{2}$/);
      expect(Number(r.beta), r.symbol).toBeGreaterThanOrEqual(0.5);
      expect(Number(r.beta), r.symbol).toBeLessThanOrEqual(1.6);
    }
  });

  it('checks the tick grid at the band edges', () => {
    expect(tickPaise(249_99)).toBe(1);
    expect(tickPaise(250_00)).toBe(5);
    expect(tickPaise(1_000_00)).toBe(5);
    expect(tickPaise(1_000_10)).toBe(10);
    expect(tickPaise(20_000_00)).toBe(100);
    expect(tickPaise(20_005_00)).toBe(500);
  });
});

describe('companies.json', () => {
  it('has a complete profile for every instrument and nothing else', () => {
    expect(Object.keys(companies).sort()).toEqual(rows.map((r) => r.symbol).sort());
    for (const [symbol, c] of Object.entries(companies)) {
      expect(c.description.length, symbol).toBeGreaterThan(60);
      expect(Number.isInteger(c.founded), symbol).toBe(true);
      expect(c.founded, symbol).toBeGreaterThanOrEqual(1800);
      expect(c.founded, symbol).toBeLessThanOrEqual(2025);
      expect(c.headquarters, symbol).toMatch(/^[A-Z][^,]+, [A-Z][A-Za-z ]+$/);
      expect(c.website, symbol).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+(\/\S*)?$/);
    }
  });
});

describe('indices.json', () => {
  it('lists the six indices of the spec in order', () => {
    expect(indices.map((i) => i.symbol)).toEqual(INDEX_ORDER);
    for (const i of indices) {
      expect(i.name, i.symbol).not.toBe('');
      expect(i.base_value, i.symbol).toBeGreaterThan(0);
    }
  });

  it('has only known, unique, positive-weight constituents summing to one', () => {
    for (const i of indices.filter((x) => x.symbol !== 'INDIAVIX')) {
      const symbols = i.constituents.map((c) => c.symbol);
      expect(new Set(symbols).size, i.symbol).toBe(symbols.length);
      for (const c of i.constituents) {
        expect(bySymbol.has(c.symbol), `${i.symbol}: ${c.symbol}`).toBe(true);
        expect(c.weight, `${i.symbol}: ${c.symbol}`).toBeGreaterThan(0);
      }
      const sum = i.constituents.reduce((s, c) => s + c.weight, 0);
      expect(Math.abs(sum - 1), i.symbol).toBeLessThanOrEqual(1e-6);
    }
  });

  it('has the right membership for each index', () => {
    const members = (symbol: string) =>
      indices
        .find((i) => i.symbol === symbol)!
        .constituents.map((c) => c.symbol)
        .sort();
    const segment = (s: string) =>
      rows
        .filter((r) => r.segment === s)
        .map((r) => r.symbol)
        .sort();
    expect(members('SENSEX')).toHaveLength(30);
    for (const s of members('SENSEX')) expect(bySymbol.get(s)?.segment, s).toBe('nifty50');
    expect(members('NIFTY50')).toEqual([...NIFTY50].sort());
    expect(members('NIFTYBANK')).toEqual([...NIFTY_BANK].sort());
    expect(members('NIFTYMIDCAP100')).toEqual(segment('midcap'));
    expect(members('NIFTYSMLCAP100')).toEqual(segment('smallcap'));
    expect(members('INDIAVIX')).toEqual([]);
  });

  it('starts India VIX near its long-run calm level', () => {
    const vix = indices.find((i) => i.symbol === 'INDIAVIX')!;
    expect(vix.base_value).toBeGreaterThan(8);
    expect(vix.base_value).toBeLessThan(20);
  });
});

describe('themes.json', () => {
  it('has unique ids and 4 to 10 known, unique symbols per theme', () => {
    expect(themes.length).toBeGreaterThanOrEqual(6);
    expect(new Set(themes.map((t) => t.id)).size).toBe(themes.length);
    for (const t of themes) {
      expect(t.id, t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(t.title, t.id).not.toBe('');
      expect(t.description, t.id).not.toBe('');
      expect(t.symbols.length, t.id).toBeGreaterThanOrEqual(4);
      expect(t.symbols.length, t.id).toBeLessThanOrEqual(10);
      expect(new Set(t.symbols).size, t.id).toBe(t.symbols.length);
      for (const s of t.symbols) expect(bySymbol.has(s), `${t.id}: ${s}`).toBe(true);
    }
  });
});

describe('nse-holidays.json', () => {
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

  it('lists real weekday dates, sorted and unique, each with a name', () => {
    const dates = holidays.map((h) => h.date);
    expect(dates.length).toBeGreaterThan(20);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).toEqual([...dates].sort());
    for (const h of holidays) {
      expect(h.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${h.date}T00:00:00Z`).toISOString().slice(0, 10), h.date).toBe(h.date);
      expect([1, 2, 3, 4, 5], `${h.date} ${h.name}`).toContain(weekday(h.date));
      expect(h.name, h.date).not.toBe('');
    }
  });

  it('covers 2025 and 2026', () => {
    const years = new Set(holidays.map((h) => h.date.slice(0, 4)));
    expect(years).toContain('2025');
    expect(years).toContain('2026');
    expect(holidays.map((h) => h.date)).toContain('2026-01-26');
  });
});
