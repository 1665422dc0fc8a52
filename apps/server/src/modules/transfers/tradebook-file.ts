/**
 * Another broker's tradebook CSV (Zerodha Console's columns: symbol, isin, trade_date,
 * exchange, segment, series, trade_type, auction, quantity, price, trade_id, order_id,
 * order_execution_time), read into the lots a transfer brings (docs/transfers-in.md). Header
 * names are matched case-insensitively, in any order. Each scrip's buys and sells are netted
 * first in first out, so what remains is the lots still held with their dates and costs. A
 * file is taken whole or not at all: every bad line is listed with its reason.
 */
import { asIstDay, isIstDay, istDayStart, TRADEBOOK_REQUIRED } from '@sampada/shared';
import { csvCells } from '../../platform/csv.ts';

export type TradebookLot = {
  symbol: string;
  isin: string;
  acquiredAt: Date;
  quantity: number;
  costPaise: bigint;
};
export type TradebookProblem = { line: number; reason: string };
/** The instruments Sampada lists, by symbol and by ISIN. */
export type KnownScrip = (key: {
  symbol: string;
  isin: string;
}) => { symbol: string; isin: string | null } | { problem: string };

type Trade = {
  line: number;
  symbol: string;
  isin: string;
  side: 'buy' | 'sell';
  at: Date;
  quantity: number;
  /** Price × quantity in hundredths of a paisa: a tradebook's price has up to four decimals. */
  valueCentiPaise: bigint;
};

const PRICE = /^(\d+)(?:\.(\d{1,4})\d*)?$/;
const QUANTITY = /^(\d+)(?:\.0*)?$/;
const EXECUTION = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const MINUTE = 60_000;

/** A price in hundredths of a paisa (rupees × 10⁴), or null when not a positive amount. */
function priceCentiPaise(text: string): bigint | null {
  const m = PRICE.exec(text);
  if (!m) return null;
  const value = BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
  return value > 0n ? value : null;
}

/** The execution moment (IST wall clock) when it is on the trade date, else the day's start. */
function tradeMoment(day: string, execution: string | undefined): Date {
  const start = istDayStart(asIstDay(day));
  const m = execution ? EXECUTION.exec(execution) : null;
  if (!m || m[1] !== day || Number(m[2]) > 23 || Number(m[3]) > 59) return start;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return new Date(start.getTime() + Math.min(seconds * 1000, 24 * 60 * MINUTE - 1000));
}

type Columns = Record<string, number>;

function columnsOf(headerLine: string): Columns | string {
  const names = csvCells(headerLine.replace(/^\uFEFF/, '')).map((h) => h.toLowerCase());
  const columns: Columns = {};
  names.forEach((name, i) => (columns[name] = i));
  const missing = TRADEBOOK_REQUIRED.filter((c) => columns[c] === undefined);
  return missing.length
    ? `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`
    : columns;
}

/** One line as a trade, or the reason it is not one. */
function tradeOf(
  cells: string[],
  columns: Columns,
  line: number,
  known: KnownScrip,
  today: string,
): Trade | string {
  const cell = (name: string) => (columns[name] === undefined ? '' : (cells[columns[name]!] ?? ''));
  const segment = cell('segment').toUpperCase();
  if (segment && segment !== 'EQ') return `segment ${segment} is not equity (EQ)`;
  const scrip = known({ symbol: cell('symbol').toUpperCase(), isin: cell('isin').toUpperCase() });
  if ('problem' in scrip) return scrip.problem;
  const day = cell('trade_date');
  if (!isIstDay(day)) return `trade_date "${day}" is not a date (YYYY-MM-DD)`;
  if (day > today) return `trade_date ${day} is in the future`;
  const type = cell('trade_type').toLowerCase();
  if (type !== 'buy' && type !== 'sell')
    return `trade_type "${cell('trade_type')}" is neither buy nor sell`;
  const q = QUANTITY.exec(cell('quantity'));
  const quantity = q ? Number(q[1]) : 0;
  if (!q || quantity <= 0 || !Number.isSafeInteger(quantity))
    return `quantity "${cell('quantity')}" is not a positive whole number`;
  const price = priceCentiPaise(cell('price'));
  if (price === null) return `price "${cell('price')}" is not a positive amount in rupees`;
  return {
    line,
    symbol: scrip.symbol,
    isin: scrip.isin ?? cell('isin').toUpperCase(),
    side: type,
    at: tradeMoment(day, cell('order_execution_time') || undefined),
    quantity,
    valueCentiPaise: price * BigInt(quantity),
  };
}

/** Rounds hundredths of a paisa to the paisa, half up. */
const toPaise = (centi: bigint) => (centi + 50n) / 100n;

/**
 * Nets one scrip's trades (in time order) into the lots left, first in first out: a sell takes
 * from the oldest lot its share of that lot's cost, the remainder staying on what is left.
 */
function netLots(trades: Trade[], problems: TradebookProblem[]): TradebookLot[] {
  const lots: (TradebookLot & { centi: bigint })[] = [];
  for (const trade of trades) {
    if (trade.side === 'buy') {
      lots.push({
        symbol: trade.symbol,
        isin: trade.isin,
        acquiredAt: trade.at,
        quantity: trade.quantity,
        costPaise: 0n,
        centi: trade.valueCentiPaise,
      });
      continue;
    }
    let left = trade.quantity;
    const held = lots.reduce((s, l) => s + l.quantity, 0);
    if (held < left) {
      problems.push({
        line: trade.line,
        reason: `sells ${left} ${trade.symbol} when the file holds only ${held} before it`,
      });
      continue;
    }
    while (left > 0) {
      const lot = lots[0]!;
      const take = Math.min(left, lot.quantity);
      lot.centi -= (lot.centi * BigInt(take)) / BigInt(lot.quantity);
      lot.quantity -= take;
      left -= take;
      if (lot.quantity === 0) lots.shift();
    }
  }
  return lots.map(({ centi, ...lot }) => ({ ...lot, costPaise: toPaise(centi) }));
}

/**
 * The lots a tradebook leaves, or every problem with its line (1 is the header). `today` (IST)
 * bounds the trade dates.
 */
export function parseTradebook(
  text: string,
  known: KnownScrip,
  today: string,
): { lots: TradebookLot[]; trades: number; problems: TradebookProblem[] } {
  const lines = text.split(/\r?\n/);
  const columns = columnsOf(lines[0] ?? '');
  if (typeof columns === 'string')
    return { lots: [], trades: 0, problems: [{ line: 1, reason: columns }] };
  const problems: TradebookProblem[] = [];
  const trades: Trade[] = [];
  lines.slice(1).forEach((text, i) => {
    if (!text.trim()) return;
    const trade = tradeOf(csvCells(text), columns, i + 2, known, today);
    if (typeof trade === 'string') problems.push({ line: i + 2, reason: trade });
    else trades.push(trade);
  });
  if (!problems.length && !trades.length)
    problems.push({ line: 2, reason: 'the file has no trades' });
  const bySymbol = new Map<string, Trade[]>();
  for (const trade of trades.sort((a, b) => a.at.getTime() - b.at.getTime() || a.line - b.line))
    bySymbol.set(trade.symbol, [...(bySymbol.get(trade.symbol) ?? []), trade]);
  const lots = [...bySymbol.values()].flatMap((own) => netLots(own, problems));
  problems.sort((a, b) => a.line - b.line);
  return problems.length
    ? { lots: [], trades: trades.length, problems }
    : { lots: lots.filter((l) => l.quantity > 0), trades: trades.length, problems };
}
