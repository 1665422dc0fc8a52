/**
 * XIRR, as Excel defines it: the annual rate r at which Σ amount_i / (1 + r)^(days_i / 365)
 * is zero, days counted from the first flow. Newton's method from 10% (Excel's guess); when a
 * step leaves (−1, ∞) or stalls, bisection on a bracket where the sum changes sign. Flows
 * that are all one sign have no such rate: the answer says so instead of giving a number.
 */
import { asIstDay, istDayIndex, XIRR_REASONS } from '@sampada/shared';

export { XIRR_REASONS };

/** `amount` in any unit (paise here): negative invested, positive received. */
export type CashFlow = { day: string; amount: number };

export type XirrResult =
  { computable: true; rate: number } | { computable: false; reason: XirrReason };

export type XirrReason = (typeof XIRR_REASONS)[keyof typeof XIRR_REASONS];

const TOLERANCE = 1e-10;
const MAX_NEWTON = 100;

function presentValue(flows: { years: number; amount: number }[], rate: number) {
  // (1 + r)^t as e^(t·ln(1 + r)): one logarithm a step instead of a power a flow.
  const growth = Math.log1p(rate);
  let value = 0;
  let weighted = 0;
  for (const f of flows) {
    const present = f.amount * Math.exp(-f.years * growth);
    value += present;
    weighted += f.years * present;
  }
  return { value, slope: -weighted / (1 + rate) };
}

function newton(flows: { years: number; amount: number }[]): number | null {
  let rate = 0.1;
  for (let i = 0; i < MAX_NEWTON; i++) {
    const { value, slope } = presentValue(flows, rate);
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) return null;
    const next = rate - value / slope;
    if (!(next > -1) || !Number.isFinite(next)) return null;
    if (Math.abs(next - rate) < TOLERANCE) return next;
    rate = next;
  }
  return null;
}

/** Bisection over (−1, 1e5]: finds a sign change on a grid, then halves it. */
function bisect(flows: { years: number; amount: number }[]): number | null {
  const npv = (r: number) => presentValue(flows, r).value;
  const grid = [-0.999999, -0.99, -0.9, -0.5, 0, 0.5, 1, 3, 10, 100, 1_000, 100_000];
  for (let i = 1; i < grid.length; i++) {
    let lo = grid[i - 1]!;
    let hi = grid[i]!;
    let fLo = npv(lo);
    if (!Number.isFinite(fLo) || !Number.isFinite(npv(hi)) || Math.sign(fLo) === Math.sign(npv(hi)))
      continue;
    for (let k = 0; k < 300 && hi - lo > TOLERANCE; k++) {
      const mid = (lo + hi) / 2;
      const fMid = npv(mid);
      if (Math.sign(fMid) === Math.sign(fLo)) [lo, fLo] = [mid, fMid];
      else hi = mid;
    }
    return (lo + hi) / 2;
  }
  return null;
}

/**
 * A day's number (days since 1970), each distinct day read and checked once per process:
 * thousands of flows fall on a few hundred trading days, and the whole calendar of the
 * portfolio's history is a few thousand entries at most.
 */
const dayNumbers = new Map<string, number>();
function dayNumber(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) dayNumbers.set(day, (n = istDayIndex(asIstDay(day))));
  return n;
}

export function xirr(cashFlows: CashFlow[]): XirrResult {
  const flows = cashFlows.filter((f) => f.amount !== 0);
  if (flows.length < 2) return { computable: false, reason: XIRR_REASONS.tooFew };
  if (flows.every((f) => f.amount > 0) || flows.every((f) => f.amount < 0))
    return { computable: false, reason: XIRR_REASONS.oneSign };
  const first = flows.reduce((min, f) => (f.day < min ? f.day : min), flows[0]!.day);
  const start = dayNumber(first);
  const rate = solve(byDay(flows, start));
  return rate === null
    ? { computable: false, reason: XIRR_REASONS.noRoot }
    : { computable: true, rate };
}

/**
 * One flow a day, in years from `start`: flows of one day share their discount, so their sum
 * stands for them exactly — a portfolio's 10,000 fills fall on ~1,300 days, and every Newton
 * step walks the list. Flows in day order (as the returns hand them in) merge as they come.
 */
function byDay(flows: readonly CashFlow[], start: number) {
  const timed: { years: number; amount: number }[] = [];
  const at = new Map<string, number>();
  let lastDay = '';
  let last = -1;
  for (const f of flows) {
    if (f.day !== lastDay) {
      lastDay = f.day;
      const index = at.get(f.day);
      if (index !== undefined) last = index;
      else {
        last = timed.push({ years: (dayNumber(f.day) - start) / 365, amount: 0 }) - 1;
        at.set(f.day, last);
      }
    }
    timed[last]!.amount += f.amount;
  }
  return timed;
}

function solve(timed: { years: number; amount: number }[]): number | null {
  return newton(timed) ?? bisect(timed);
}
