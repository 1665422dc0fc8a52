import {
  FM,
  normalizeUtr,
  paiseNumber,
  parseRupeesToPaise,
  type TBankStatementRequest,
  UTR_PATTERNS,
  ZBankStatementRequest,
} from '@sampada/shared';

/**
 * A bank statement as operations paste it or pick it as a .csv file (docs/console-bank-statement.md):
 * one credit per line, its UTR and its amount in rupees as the bank writes it ("20,000.00",
 * "₹1,00,000", "20000"), an optional header row naming the columns, commas or tabs between
 * columns (a paste from a spreadsheet has tabs). Pure: the text in, the request that
 * `POST /funds/deposits/statement` takes out, with every line that could not be read and why,
 * so the preview shows what will be sent before anything is.
 */

/** Why a line of the text could not be read (the shared FM messages cover the amounts). */
export const STATEMENT_TEXT = {
  utrMissing: 'This line has no UTR.',
  utrInvalid: 'A UTR is 12 to 22 letters and digits (IMPS and UPI references: 12 digits).',
  amountMissing: 'This line has no amount.',
  headerColumns:
    'The header row must name a UTR column (UTR, Reference) and an amount column (Amount, Credit, Deposit).',
} as const;

/** A credit read from the statement; `row` is its line in the text, counted from 1. */
export type TStatementRow = { row: number; utr: string; amount_paise: number };
/** A line that was not read: its line in the text, the text itself, and why. */
export type TStatementProblem = { row: number; text: string; message: string };

export type TParsedStatement = {
  /** Whether the first line named the columns (and so is not a credit). */
  header: boolean;
  /** The lines read, in the statement's order: `request.lines[i]` is `rows[i]`. */
  rows: TStatementRow[];
  problems: TStatementProblem[];
  /** The sum of the lines read, exactly. */
  totalPaise: bigint;
  /** What the route takes: the lines read. */
  request: TBankStatementRequest;
  /** Why the statement cannot be sent (no line read, too many lines, an unreadable header). */
  error: string | null;
};

// ---------- Lines to fields ----------

/** One line's fields: tab-separated when it has a tab, else comma-separated with "quotes". */
function splitFields(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map((field) => field.trim());
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (line[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

// ---------- Fields to values ----------

const CURRENCY = /^(?:₹|rs\.?|inr)\s*/i;
/** Indian (1,00,000) or international (100,000) grouping of the rupees; nothing else. */
const GROUPED = /^(?:\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)$/;
const AMOUNT_TEXT = /^(-?)([\d,]+)(\.\d*)?$/;

/**
 * Rupees as a bank writes them, to paise: the currency sign and the grouping commas go, the
 * rest is read by the shared `parseRupeesToPaise` (decimal text split at the point, no float).
 * Commas anywhere but between groups of digits make the amount unreadable rather than guessed.
 */
export function readStatementAmount(
  text: string,
): { ok: true; paise: bigint } | { ok: false; message: string } {
  let value = text.replace(CURRENCY, '').trim();
  if (value === '') return { ok: false, message: STATEMENT_TEXT.amountMissing };
  const match = AMOUNT_TEXT.exec(value);
  if (match && match[2]!.includes(',')) {
    if (!GROUPED.test(match[2]!)) return { ok: false, message: FM.amountNotNumber };
    value = `${match[1]}${match[2]!.replaceAll(',', '')}${match[3] ?? ''}`;
  }
  return parseRupeesToPaise(value);
}

const UTR_FORMS = Object.values(UTR_PATTERNS);

/** A UTR as deposits carry it (spaces and hyphens dropped, upper case), or why it cannot be one. */
export function readStatementUtr(
  text: string,
): { ok: true; utr: string } | { ok: false; message: string } {
  const utr = normalizeUtr(text);
  if (utr === '') return { ok: false, message: STATEMENT_TEXT.utrMissing };
  // A line whose UTR no deposit could carry would only come back unmatched.
  if (!UTR_FORMS.some((form) => form.test(utr)))
    return { ok: false, message: STATEMENT_TEXT.utrInvalid };
  return { ok: true, utr };
}

// ---------- The header ----------

/** A column's name has no digits; a UTR almost always has some, so a credit line never reads as names. */
const isLabel = (field: string) => field !== '' && !/\d/.test(field);
const UTR_HEAD = /\butr\b|ref|rrn/i;
/** Credit or deposit before a bare amount: exports with Withdrawal Amt. and Deposit Amt. columns. */
const CREDIT_HEAD = /credit|deposit/i;
const AMOUNT_HEAD = /amount|\bamt\b/i;

type TColumns = { utr: number; amount: number; count: number };

/**
 * The first line is a header when none of its fields is an amount and one names a column;
 * a credit line always has its amount, so a header is never mistaken for one.
 */
function readHeader(fields: string[]): TColumns | 'unreadable' | null {
  if (fields.some((field) => readStatementAmount(field).ok)) return null;
  const named = (pattern: RegExp) => fields.findIndex((f) => isLabel(f) && pattern.test(f));
  const utr = named(UTR_HEAD);
  const credit = named(CREDIT_HEAD);
  const amount = credit >= 0 ? credit : named(AMOUNT_HEAD);
  if (utr < 0 && amount < 0) return null;
  if (utr < 0 || amount < 0 || utr === amount) return 'unreadable';
  return { utr, amount, count: fields.length };
}

// ---------- The statement ----------

const WITHOUT_HEADER: TColumns = { utr: 0, amount: 1, count: 2 };

/**
 * The statement's text to the request and a preview. Blank lines are skipped; a line that
 * cannot be read is listed with its reason and left out of the request; the request itself
 * is checked with the route's own schema (at least one line, at most STATEMENT_LINES_MAX).
 */
export function parseBankStatement(text: string): TParsedStatement {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const rows: TStatementRow[] = [];
  const problems: TStatementProblem[] = [];
  let columns: TColumns = WITHOUT_HEADER;
  let header = false;
  let error: string | null = null;
  let first = true;
  lines.forEach((line, index) => {
    const fields = splitFields(line);
    if (fields.every((field) => field === '')) return;
    const row = index + 1;
    if (first) {
      first = false;
      const found = readHeader(fields);
      if (found === 'unreadable') error = STATEMENT_TEXT.headerColumns;
      if (found) {
        header = true;
        if (found !== 'unreadable') columns = found;
        return;
      }
    }
    // "UTR,20,000.00" without quotes: the commas after the last column belong to the amount.
    const amountText =
      columns.amount === columns.count - 1 && fields.length > columns.count && !line.includes('\t')
        ? fields.slice(columns.amount).join(',')
        : (fields[columns.amount] ?? '');
    const utr = readStatementUtr(fields[columns.utr] ?? '');
    const amount = readStatementAmount(amountText);
    if (!utr.ok || !amount.ok) {
      const message = [utr, amount].flatMap((r) => (r.ok ? [] : [r.message])).join(' ');
      problems.push({ row, text: line.trim(), message });
      return;
    }
    rows.push({ row, utr: utr.utr, amount_paise: paiseNumber(amount.paise) });
  });

  const request = { lines: rows.map(({ utr, amount_paise }) => ({ utr, amount_paise })) };
  if (!error) {
    const checked = ZBankStatementRequest.safeParse(request);
    if (!checked.success) error = checked.error.issues[0]?.message ?? null;
  }
  const totalPaise = rows.reduce((sum, r) => sum + BigInt(r.amount_paise), 0n);
  return { header, rows, problems, totalPaise, request, error };
}
