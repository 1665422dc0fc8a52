/**
 * Parses NSE bhavcopy CSVs: the classic CM format (SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,
 * PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,…) and the UDiFF format (TradDt,…,TckrSymb,
 * SctySrs,…,OpnPric,HghPric,LwPric,ClsPric,…,PrvsClsgPric,…,TtlTradgVol,TtlTrfVal,…).
 * Only EQ-series rows count. Every problem is reported with its line number.
 */
import { rupeesToPaise } from '@sampada/shared';

export type EodRow = {
  line: number;
  tradeDate: string;
  symbol: string;
  open: number;
  high: number;
  low: number;
  close: number;
  prevClose: number;
  volume: number;
  valuePaise: number;
};

export type ParseProblem = { line: number; message: string };

const CLASSIC = {
  symbol: 'SYMBOL',
  series: 'SERIES',
  open: 'OPEN',
  high: 'HIGH',
  low: 'LOW',
  close: 'CLOSE',
  prevClose: 'PREVCLOSE',
  volume: 'TOTTRDQTY',
  value: 'TOTTRDVAL',
  date: 'TIMESTAMP',
};
const UDIFF = {
  symbol: 'TckrSymb',
  series: 'SctySrs',
  open: 'OpnPric',
  high: 'HghPric',
  low: 'LwPric',
  close: 'ClsPric',
  prevClose: 'PrvsClsgPric',
  volume: 'TtlTradgVol',
  value: 'TtlTrfVal',
  date: 'TradDt',
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** '2026-11-20', '20-NOV-2026' or '20-Nov-2026' → '2026-11-20'; null when not a real date. */
export function parseTradeDate(text: string): string | null {
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = text;
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toUpperCase()) + 1;
    if (month > 0) iso = `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  }
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const toPaise = (text: string) => {
  if (!/^\d+(\.\d{1,4})?$/.test(text)) return null;
  return Number(rupeesToPaise(text));
};

export function parseBhavcopy(text: string): { rows: EodRow[]; problems: ParseProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const layout = header.includes('TckrSymb') ? UDIFF : header.includes('SYMBOL') ? CLASSIC : null;
  if (!layout) {
    return {
      rows: [],
      problems: [
        { line: 1, message: 'Not a bhavcopy: the header names neither SYMBOL nor TckrSymb.' },
      ],
    };
  }
  const index = Object.fromEntries(
    Object.entries(layout).map(([key, column]) => [key, header.indexOf(column)]),
  ) as Record<keyof typeof CLASSIC, number>;
  const missing = Object.entries(index).filter(([, i]) => i < 0);
  if (missing.length) {
    return {
      rows: [],
      problems: [
        {
          line: 1,
          message: `Missing columns: ${missing.map(([k]) => layout[k as keyof typeof CLASSIC]).join(', ')}.`,
        },
      ],
    };
  }
  const rows: EodRow[] = [];
  const problems: ParseProblem[] = [];
  const seen = new Set<string>();
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (!raw.trim()) return;
    const cells = raw.split(',').map((c) => c.trim());
    const get = (key: keyof typeof CLASSIC) => cells[index[key]] ?? '';
    if (get('series') !== 'EQ') return;
    const symbol = get('symbol').toUpperCase();
    const tradeDate = parseTradeDate(get('date'));
    const [open, high, low, close, prevClose] = (
      ['open', 'high', 'low', 'close', 'prevClose'] as const
    ).map((k) => toPaise(get(k)));
    const volume = /^\d+$/.test(get('volume')) ? Number(get('volume')) : null;
    const value = toPaise(get('value'));
    const fail = (message: string) =>
      problems.push({ line, message: `${symbol || '?'}: ${message}` });
    if (!symbol) return fail('symbol is empty.');
    if (!tradeDate) return fail(`"${get('date')}" is not a date.`);
    if ([open, high, low, close, prevClose].some((p) => p == null || p <= 0)) {
      return fail('prices must be positive numbers.');
    }
    if (volume === null || value === null) return fail('volume and value must be whole numbers.');
    if (high! < low! || open! > high! || open! < low! || close! > high! || close! < low!) {
      return fail('open and close must lie between low and high.');
    }
    const key = `${tradeDate}|${symbol}`;
    if (seen.has(key)) return fail(`appears twice for ${tradeDate}.`);
    seen.add(key);
    rows.push({
      line,
      tradeDate,
      symbol,
      open: open!,
      high: high!,
      low: low!,
      close: close!,
      prevClose: prevClose!,
      volume,
      valuePaise: value,
    });
  });
  return { rows, problems };
}
