/**
 * How a client's money did over [from, to], from their fills (the ledger's trades), the shares
 * they transferred in (at cost, on the trades' days) and their dividends, valued at each day's close: money-weighted (XIRR) for the portfolio and each
 * scrip, time-weighted (daily sub-periods chained), realised / unrealised / dividend income,
 * and the same cash flows put into a benchmark index on the same days. Pure: the caller hands
 * in the closes. Amounts in paise; the client's view: money in negative, money out positive.
 */
import { addDays, istDateOf } from '../../platform/ist.ts';
import { fillDay, type LotAdjustment, matchLots, type TaxFill } from '../trading/service.ts';
import { adjustmentDay, adjustmentsKey, heldThrough } from './holdings-by-day.ts';
import { keptWithList } from './kept-with-list.ts';
import { type CashFlow, xirr, type XirrResult } from './xirr.ts';

export type DividendIn = { symbol: string; day: string; grossPaise: bigint };
/** A close in paise on `day` or the latest before it; null when none is known. */
export type CloseOf = (symbol: string, day: string) => number | null;

export type ReturnsInput = {
  fills: readonly TaxFill[];
  /** Splits, bonuses and symbol changes applied to the client's lots. */
  adjustments?: readonly LotAdjustment[];
  dividends: DividendIn[];
  from: string;
  to: string;
  closeOf: CloseOf;
  benchmark: { symbol: string; days: string[] };
};

type Flow = CashFlow & {
  symbol: string;
  kind: 'buy' | 'sell' | 'transfer_in' | 'dividend' | 'open' | 'close';
};

const dayOf = fillDay;

/** Held shares at a day's close; a scrip without a known close is valued at its open lots' cost. */
function valueAt(
  held: ReadonlyMap<string, number>,
  day: string,
  closeOf: CloseOf,
  costPerShare: CloseOf,
) {
  let value = 0;
  for (const [symbol, quantity] of held)
    value += quantity * (closeOf(symbol, day) ?? costPerShare(symbol, day) ?? 0);
  return Math.round(value);
}

/** Every cash flow of the window, the opening holdings bought on `from` and sold on `to`. */
function flowsOf(input: ReturnsInput, costPerShare: CloseOf): Flow[] {
  const { fills, dividends, from, to, closeOf } = input;
  const flows: Flow[] = [];
  const before = addDays(from, -1);
  const held = heldThrough(input);
  for (const [symbol, quantity] of held(before))
    flows.push({
      symbol,
      kind: 'open',
      day: from,
      amount: -Math.round(
        quantity * (closeOf(symbol, before) ?? costPerShare(symbol, before) ?? 0),
      ),
    });
  for (const f of fills) {
    const day = dayOf(f);
    if (day < from || day > to) continue;
    const amount =
      f.side === 'buy'
        ? -Number(f.valuePaise + f.chargesPaise)
        : Number(f.valuePaise - f.chargesPaise);
    flows.push({ symbol: f.symbol, kind: f.side, day, amount });
  }
  // Shares transferred in (decision 060): money in at their original cost on the trade's day.
  for (const a of input.adjustments ?? []) {
    const day = adjustmentDay(a);
    if (a.kind !== 'transfer_in' || day < from || day > to) continue;
    flows.push({ symbol: a.symbol, kind: 'transfer_in', day, amount: -Number(a.costPaise ?? 0n) });
  }
  for (const d of dividends)
    if (d.day >= from && d.day <= to)
      flows.push({ symbol: d.symbol, kind: 'dividend', day: d.day, amount: Number(d.grossPaise) });
  for (const [symbol, quantity] of held(to))
    flows.push({
      symbol,
      kind: 'close',
      day: to,
      amount: Math.round(quantity * (closeOf(symbol, to) ?? costPerShare(symbol, to) ?? 0)),
    });
  // Days are 'YYYY-MM-DD': plain comparison orders them as collation would, far cheaper.
  return flows.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** Average cost per share of the scrip's open lots at the end of `day` (FIFO). */
function costPerShareOf(fills: readonly TaxFill[], adjustments: readonly LotAdjustment[]): CloseOf {
  const cache = new Map<string, Map<string, number>>();
  return (symbol, day) => {
    if (!cache.has(day)) {
      const { open } = matchLots(
        fills.filter((f) => dayOf(f) <= day),
        adjustments.filter((a) => adjustmentDay(a) <= day),
      );
      const per = new Map<string, [number, number]>();
      for (const lot of open) {
        const [q, c] = per.get(lot.symbol) ?? [0, 0];
        per.set(lot.symbol, [q + lot.quantity, c + Number(lot.costPaise)]);
      }
      cache.set(day, new Map([...per].map(([s, [q, c]]) => [s, q > 0 ? c / q : 0])));
    }
    return cache.get(day)!.get(symbol) ?? null;
  };
}

export type DailyPoint = { day: string; value: number; benchmark: number; invested: number };

/**
 * Time-weighted return: each day a sub-period, money in at the start of the day and money out
 * at its end, r = (V_d + out) / (V_{d−1} + in) − 1, chained. The same walk prices the
 * benchmark: money in buys index units at the day's close, money out sells them.
 */
function walk(input: ReturnsInput, flows: Flow[], costPerShare: CloseOf) {
  const { from, to, closeOf, benchmark } = input;
  const days = [...new Set([...benchmark.days.filter((d) => d >= from && d <= to), to])].sort();
  const byDay = new Map<string, Flow[]>();
  for (const f of flows) {
    if (f.kind === 'close') continue;
    const list = byDay.get(f.day);
    if (list) list.push(f);
    else byDay.set(f.day, [f]);
  }
  const held = heldThrough(input);
  let growth = 1;
  let previous = 0;
  let units = 0;
  let invested = 0;
  const series: DailyPoint[] = [];
  const known = new Set(days);
  const flowDays = [...byDay.keys()].filter((d) => !known.has(d));
  for (const day of [...days, ...flowDays].sort()) {
    let moneyIn = 0;
    let moneyOut = 0;
    for (const f of byDay.get(day) ?? []) {
      if (f.amount < 0) moneyIn -= f.amount;
      else moneyOut += f.amount;
    }
    const value = valueAt(held(day), day, closeOf, costPerShare);
    if (previous + moneyIn > 0) growth *= (value + moneyOut) / (previous + moneyIn);
    previous = value;
    invested += moneyIn - moneyOut;
    const level = closeOf(benchmark.symbol, day);
    if (level) units += (moneyIn - moneyOut) / level;
    series.push({
      day,
      value,
      benchmark: level ? Math.round(units * level) : 0,
      invested: Math.round(invested),
    });
  }
  return { twr: growth - 1, series, units };
}

export function computeReturns(input: ReturnsInput) {
  const costPerShare = costPerShareOf(input.fills, input.adjustments ?? []);
  const flows = flowsOf(input, costPerShare);
  const { twr, series, units } = walk(input, flows, costPerShare);
  const level = input.closeOf(input.benchmark.symbol, input.to);
  const benchmarkValue = level ? Math.round(units * level) : null;
  const benchmarkFlows: CashFlow[] = flows.filter((f) => f.kind !== 'close');
  if (benchmarkValue !== null) benchmarkFlows.push({ day: input.to, amount: benchmarkValue });
  const bySymbol = new Map<string, Flow[]>();
  for (const f of flows) {
    const own = bySymbol.get(f.symbol);
    if (own) own.push(f);
    else bySymbol.set(f.symbol, [f]);
  }
  const symbols = [...bySymbol.keys()].sort();
  const perScrip = symbols.map((symbol) => {
    const own = bySymbol.get(symbol)!;
    return {
      symbol,
      xirr: xirr(own),
      value: own.filter((f) => f.kind === 'close').reduce((s, f) => s + f.amount, 0),
    };
  });
  return {
    xirr: xirr(flows),
    twr,
    benchmark: { xirr: xirr(benchmarkFlows) as XirrResult, value: benchmarkValue },
    income: incomeOf(input),
    perScrip,
    series,
    value: flows.filter((f) => f.kind === 'close').reduce((s, f) => s + f.amount, 0),
  };
}

const lotsKept = keptWithList<ReturnType<typeof matchLots>>();

/**
 * The lots matched FIFO up to the end of `to`, kept with a kept fills list for the same day and
 * adjustments: matching 10,000 fills was a third of a returns answer.
 */
function lotsUpTo(fills: readonly TaxFill[], adjustments: readonly LotAdjustment[], to: string) {
  const applied = adjustments.filter((a) => adjustmentDay(a) <= to);
  return lotsKept(fills, `${to}|${adjustmentsKey(applied)}`, () =>
    matchLots(
      fills.filter((f) => dayOf(f) <= to),
      applied,
    ),
  );
}

/** Realised (capital gains and intraday) in the window, unrealised at `to`, dividends. */
function incomeOf(input: ReturnsInput) {
  const { fills, from, to, closeOf, dividends } = input;
  const { realised, open, intraday } = lotsUpTo(fills, input.adjustments ?? [], to);
  const inWindow = (day: string) => day >= from && day <= to;
  let realisedPaise = 0n;
  for (const r of realised) if (inWindow(istDateOf(r.soldAt))) realisedPaise += r.gainPaise;
  for (const t of intraday) if (inWindow(t.day)) realisedPaise += t.resultPaise;
  let unrealisedPaise = 0n;
  for (const lot of open) {
    const close = closeOf(lot.symbol, to);
    const value = close === null ? lot.costPaise : BigInt(Math.round(close)) * BigInt(lot.quantity);
    unrealisedPaise += value - lot.costPaise - (lot.chargesPaise - lot.sttPaise);
  }
  const dividendPaise = dividends
    .filter((d) => inWindow(d.day))
    .reduce((s, d) => s + d.grossPaise, 0n);
  return { realisedPaise, unrealisedPaise, dividendPaise };
}
