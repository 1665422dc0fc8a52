/**
 * NSE's corporate actions file (the "Corporate Actions" CSV of nseindia.com): columns SYMBOL,
 * COMPANY NAME, SERIES, PURPOSE, FACE VALUE, EX-DATE, RECORD DATE, BC START DATE, BC END DATE,
 * dates as 15-Mar-2024, "-" when empty. PURPOSE holds one or more purposes joined by "/":
 * "Dividend - Rs 20 Per Share", "Interim Dividend - Re 0.50 Per Share", "Bonus 1:1",
 * "Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 2/- Per Share",
 * "Consolidation Of Shares From Rs 1/- Per Share To Rs 10/- Per Share", and meetings (AGM,
 * EGM) that change no holding. A row is taken whole or not at all: one purpose it cannot read
 * and the row is listed with the reason, the rest of the file still parsed.
 */
import { csvCells } from '../../platform/csv.ts';

export type ParsedAction = {
  symbol: string;
  kind: 'split' | 'consolidation' | 'bonus' | 'dividend';
  ratioNew?: number;
  ratioOld?: number;
  perSharePaise?: bigint;
  exDate: string;
  recordDate: string | null;
  purpose: string;
};
export type RejectedRow = { line: number; symbol: string; reason: string };

const HEADER = [
  'SYMBOL',
  'COMPANY NAME',
  'SERIES',
  'PURPOSE',
  'FACE VALUE',
  'EX-DATE',
  'RECORD DATE',
  'BC START DATE',
  'BC END DATE',
];
const MONTHS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');

/** 15-Mar-2024 → 2024-03-15; "-" or empty → null; anything else → undefined (bad). */
function nseDate(text: string): string | null | undefined {
  if (text === '' || text === '-') return null;
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!.toUpperCase()) + 1 : 0;
  if (!m || month === 0) return undefined;
  const day = `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const check = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day
    ? undefined
    : day;
}

/** Rupees text ("20", "0.50", "5.5") to paise; null when not an amount. */
function rupeesToPaise(text: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
}

type Reading = Omit<ParsedAction, 'symbol' | 'exDate' | 'recordDate' | 'purpose'>;
const MEETING = /^(annual general meeting|agm|extra ?ordinary general meeting|egm)$/i;
const DIVIDEND =
  /^(?:(?:interim|final|special)\s+)?dividend\s*-\s*r[se]\.?\s*(\d+(?:\.\d{1,2})?)\s*\/?-?\s*per\s+share$/i;
const BONUS = /^bonus\s+(\d+)\s*:\s*(\d+)$/i;
const FACE_VALUE =
  /from\s+r[se]\.?\s*(\d+)\s*\/?-?\s*per\s+share\s+to\s+r[se]\.?\s*(\d+)\s*\/?-?\s*per\s+share$/i;

/** One purpose: an action, 'meeting' (nothing to do), or the reason it cannot be read. */
function readPurpose(text: string): Reading | 'meeting' | string {
  const purpose = text.trim().replace(/\s+/g, ' ');
  if (MEETING.test(purpose)) return 'meeting';
  const dividend = DIVIDEND.exec(purpose);
  if (dividend) {
    const perSharePaise = rupeesToPaise(dividend[1]!);
    return perSharePaise && perSharePaise > 0n
      ? { kind: 'dividend', perSharePaise }
      : `No amount in "${purpose}".`;
  }
  const bonus = BONUS.exec(purpose);
  if (bonus) {
    const [n, o] = [Number(bonus[1]), Number(bonus[2])];
    return n > 0 && o > 0
      ? { kind: 'bonus', ratioNew: n, ratioOld: o }
      : `Bad ratio in "${purpose}".`;
  }
  const faceValue = FACE_VALUE.exec(purpose);
  if (faceValue && /split|sub-?division|consolidation/i.test(purpose)) {
    const [from, to] = [Number(faceValue[1]), Number(faceValue[2])];
    if (from <= 0 || to <= 0 || from === to) return `Bad face values in "${purpose}".`;
    // Face value ₹10 → ₹2: five new shares for one; ₹1 → ₹10: one new for ten.
    return from > to
      ? { kind: 'split', ratioNew: from / gcd(from, to), ratioOld: to / gcd(from, to) }
      : { kind: 'consolidation', ratioNew: from / gcd(from, to), ratioOld: to / gcd(from, to) };
  }
  return `Purpose not understood: "${purpose}".`;
}
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** One data row: its actions, or the reason the whole row is refused. */
function readRow(cells: string[]): ParsedAction[] | string {
  const [symbol = '', , , purpose = '', , ex = '', record = ''] = cells;
  if (cells.length !== HEADER.length)
    return `Expected ${HEADER.length} columns, found ${cells.length}.`;
  if (!/^[A-Z0-9&_-]{1,20}$/.test(symbol)) return `Bad symbol "${symbol}".`;
  const exDate = nseDate(ex);
  if (!exDate) return `Bad ex-date "${ex}".`;
  const recordDate = nseDate(record);
  if (recordDate === undefined) return `Bad record date "${record}".`;
  const actions: ParsedAction[] = [];
  // "/" joins purposes, but "Rs 10/- Per Share" is one: a slash before a dash is not a join.
  for (const part of purpose.split(/\/(?!-)/).filter((p) => p.trim())) {
    const reading = readPurpose(part);
    if (reading === 'meeting') continue;
    if (typeof reading === 'string') return reading;
    actions.push({ symbol, exDate, recordDate, purpose, ...reading });
  }
  return actions.length ? actions : `Nothing to apply in "${purpose}".`;
}

export function parseNseActionsFile(text: string): {
  actions: ParsedAction[];
  rejected: RejectedRow[];
} {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvCells(lines[0] ?? '').map((h) => h.toUpperCase());
  if (HEADER.some((h, i) => header[i] !== h))
    return {
      actions: [],
      rejected: [{ line: 1, symbol: '', reason: `The header must be: ${HEADER.join(', ')}.` }],
    };
  const actions: ParsedAction[] = [];
  const rejected: RejectedRow[] = [];
  lines.slice(1).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = csvCells(line);
    const read = readRow(cells);
    if (typeof read === 'string')
      rejected.push({ line: i + 2, symbol: cells[0] ?? '', reason: read });
    else actions.push(...read);
  });
  return { actions, rejected };
}
