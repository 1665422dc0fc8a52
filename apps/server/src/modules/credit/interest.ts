/**
 * Loan arithmetic, in integer paise: daily interest (actual/365), the schedule of a quote,
 * the processing fee and the APR. The quote's schedule is built with `accrue`, the function
 * the daily accrual job posts with, so what a client is quoted is what they are charged.
 *
 * Interest is exact: a day's interest is floor((principal × rate + carry) / (365 × 10,000))
 * and the remainder (the carry, below one paisa) moves to the next day. Over any run of days
 * at one principal the sum of the daily amounts is the closed form floor(P × r × n / D) of
 * the whole run, so accruing day by day and catching up many days at once agree.
 */
import {
  BPS_PER_UNIT,
  FEE_GST_BPS,
  type TRepaymentKind,
  addIstDays,
  asIstDay,
  isIstDay,
  istDayOf,
  istDaysBetween,
} from '@sampada/shared';

const BPS = BigInt(BPS_PER_UNIT);
export const DAYS_IN_YEAR = 365;
/** The denominator of one day's interest with the rate in basis points. */
export const DAY_DENOMINATOR = BPS * BigInt(DAYS_IN_YEAR);

export type Accrued = { interest: bigint; carry: bigint };

/** Interest on `principal` for `days` days at `rateBps` a year, after the earlier carry. */
export function accrue(principal: bigint, rateBps: number, days: number, carry = 0n): Accrued {
  if (principal < 0n || days < 0 || carry < 0n || carry >= DAY_DENOMINATOR)
    throw new Error('accrue: out of range');
  const total = principal * BigInt(rateBps) * BigInt(days) + carry;
  return { interest: total / DAY_DENOMINATOR, carry: total % DAY_DENOMINATOR };
}

/** a × b / c rounded half up, for non-negative integers. */
export const mulDivRound = (a: bigint, b: bigint, c: bigint) => (2n * a * b + c) / (2n * c);

/** GST (18%) on one of the firm's charges, rounded half up to the paisa. */
export const gstOn = (charge: bigint) => mulDivRound(charge, BigInt(FEE_GST_BPS), BPS);

/** The processing fee and the GST on it (18%), each rounded to the paisa. */
export function processingFee(amount: bigint, feeBps: number) {
  const fee = mulDivRound(amount, BigInt(feeBps), BPS);
  return { fee, gst: gstOn(fee) };
}

/** The foreclosure charge on the principal outstanding, rounded half up to the paisa. */
export const foreclosureCharge = (principal: bigint, chargeBps: number) =>
  mulDivRound(principal, BigInt(chargeBps), BPS);

// ---------- Calendar days (YYYY-MM-DD, Asia/Kolkata): packages/shared/src/ist-day.ts ----------

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar day in India at an instant. */
export const istDay = (at: Date) => istDayOf(at);
/** Days read from date columns are checked once here, so a bad one fails loudly. */
export const addDays = (day: string, n: number) => addIstDays(asIstDay(day), n);
/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string) => istDaysBetween(asIstDay(a), asIstDay(b));
export const isDay = (text: string) => isIstDay(text);

/**
 * The monthly due dates of a loan that starts on `start`: the same day of each following
 * month, or the month's last day when it is shorter (31 Jan → 28 Feb → 31 Mar).
 */
export function dueDates(start: string, months: number): string[] {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const out: string[] = [];
  for (let k = 1; k <= months; k++) {
    const monthIndex = m - 1 + k;
    const year = y + Math.floor(monthIndex / 12);
    const month = monthIndex % 12;
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    out.push(dayOf(Date.UTC(year, month, Math.min(d, last))));
  }
  return out;
}

// ---------- Schedules ----------

export type Period = { dueDate: string; days: number };
export type ScheduledInstalment = {
  number: number;
  dueDate: string;
  days: number;
  interest: bigint;
  principal: bigint;
  amount: bigint;
  balanceAfter: bigint;
};
export type Schedule = {
  instalments: ScheduledInstalment[];
  /** The regular instalment: the EMI, or the first period's interest of an interest-only plan. */
  instalment: bigint;
  totalInterest: bigint;
  totalRepayable: bigint;
};

/** The periods of a loan starting on `start`: one a month, with their actual day counts. */
export function periodsFrom(start: string, months: number): Period[] {
  let previous = start;
  return dueDates(start, months).map((dueDate) => {
    const days = daysBetween(previous, dueDate);
    previous = dueDate;
    return { dueDate, days };
  });
}

/**
 * Runs the loan through its periods paying `emi` each period and everything left in the
 * last. Interest of each period is `accrue` on the balance, carry included.
 */
export function amortise(
  principal: bigint,
  rateBps: number,
  periods: Period[],
  emi: bigint,
): ScheduledInstalment[] {
  let balance = principal;
  let carry = 0n;
  return periods.map((period, index) => {
    const accrued = accrue(balance, rateBps, period.days, carry);
    carry = accrued.carry;
    const last = index === periods.length - 1;
    // A payment never takes more principal than is left (an EMI far above the balance).
    const towardPrincipal = last ? balance : minBig(balance, maxBig(0n, emi - accrued.interest));
    balance -= towardPrincipal;
    return {
      number: index + 1,
      dueDate: period.dueDate,
      days: period.days,
      interest: accrued.interest,
      principal: towardPrincipal,
      amount: accrued.interest + towardPrincipal,
      balanceAfter: balance,
    };
  });
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * The smallest whole-paisa EMI whose last instalment is not larger than it: found by
 * bisection over the integer schedule itself, so periods of unequal length (actual days)
 * amortise exactly to zero.
 */
export function solveEmi(principal: bigint, rateBps: number, periods: Period[]): bigint {
  if (periods.length === 0) throw new Error('A schedule needs a period');
  const lastAmount = (emi: bigint) => amortise(principal, rateBps, periods, emi).at(-1)!.amount;
  let low = 0n;
  // Paying the whole principal and its interest for every day each period always suffices.
  let high = principal + accrue(principal, rateBps, sumDays(periods)).interest + 1n;
  while (low < high) {
    const mid = (low + high) / 2n;
    if (lastAmount(mid) <= mid) high = mid;
    else low = mid + 1n;
  }
  return low;
}

const sumDays = (periods: Period[]) => periods.reduce((n, p) => n + p.days, 0);

export function buildSchedule(input: {
  principal: bigint;
  rateBps: number;
  periods: Period[];
  repayment: TRepaymentKind;
}): Schedule {
  const { principal, rateBps, periods, repayment } = input;
  const instalments =
    repayment === 'emi'
      ? amortise(principal, rateBps, periods, solveEmi(principal, rateBps, periods))
      : amortise(principal, rateBps, periods, 0n);
  const totalInterest = instalments.reduce((sum, i) => sum + i.interest, 0n);
  return {
    instalments,
    instalment: repayment === 'emi' ? instalments[0]!.amount : instalments[0]!.interest,
    totalInterest,
    totalRepayable: principal + totalInterest,
  };
}

/**
 * The APR in basis points: the yearly rate r at which the instalments, discounted by
 * (1 + r)^(days / 365) from the start, are worth what the client actually receives (the
 * amount less the fee and its GST) — the effective annual rate of the RBI's key fact
 * statement. A rate, not money: computed in floating point and rounded to a basis point.
 */
export function aprBps(netReceived: bigint, instalments: ScheduledInstalment[]): number {
  const net = Number(netReceived);
  if (net <= 0) return 0;
  let elapsed = 0;
  const flows = instalments.map((i) => {
    elapsed += i.days;
    return { amount: Number(i.amount), years: elapsed / DAYS_IN_YEAR };
  });
  const presentValue = (rate: number) =>
    flows.reduce((sum, f) => sum + f.amount / Math.pow(1 + rate, f.years), 0);
  let low = 0;
  let high = 10;
  if (presentValue(low) <= net) return 0;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > net) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * BPS_PER_UNIT);
}

export type PrepaymentChoice = 'reduce_emi' | 'reduce_tenure';
/** What a recomputation keeps: the number of instalments (the EMI moves) or the EMI (the tenure moves). */
export type Kept = 'tenure' | 'emi';

/** A prepayment lowers the EMI by keeping the tenure, or shortens the tenure by keeping the EMI. */
export const keptOf = (choice: PrepaymentChoice): Kept =>
  choice === 'reduce_emi' ? 'tenure' : 'emi';

/**
 * The remaining schedule after a prepayment or a rate reset — the one rule for both: `principal`
 * left over the remaining `periods` (the first starting at the last due date passed), at
 * `rateBps`. Keeping the tenure: a new EMI solved over the same periods. Keeping the EMI: the
 * old EMI paid until the balance is cleared — fewer instalments when it pays more than needed
 * (a prepayment, a lower rate), more when less, on into `later` periods (a higher rate; the
 * caller's cap on lengthening). If the EMI does not clear the balance within them (at worst it
 * does not even pay a period's interest: the balance would grow), the tenure is kept and the EMI
 * raised instead, and `kept` says so. An interest-only loan keeps its plan (interest monthly,
 * principal at the end).
 */
export function recompute(input: {
  principal: bigint;
  rateBps: number;
  periods: Period[];
  repayment: TRepaymentKind;
  keep: Kept;
  emi: bigint;
  later?: Period[];
}): { instalments: ScheduledInstalment[]; kept: Kept } {
  const { principal, rateBps, periods, repayment, keep, emi } = input;
  if (periods.length === 0 || principal <= 0n) return { instalments: [], kept: keep };
  const sameTenure = () => ({
    instalments: buildSchedule({ principal, rateBps, periods, repayment }).instalments,
    kept: 'tenure' as const,
  });
  if (repayment !== 'emi' || keep === 'tenure') return sameTenure();
  const rows = amortise(principal, rateBps, [...periods, ...(input.later ?? [])], emi);
  const last = rows.findIndex((r) => r.balanceAfter === 0n);
  if (rows[last]!.amount > emi) return sameTenure();
  return { instalments: rows.slice(0, last + 1), kept: 'emi' };
}

/** After a prepayment: `recompute` for the client's choice, never lengthening. */
export function reschedule(input: {
  principal: bigint;
  rateBps: number;
  periods: Period[];
  repayment: TRepaymentKind;
  choice: PrepaymentChoice;
  emi: bigint;
}): ScheduledInstalment[] {
  return recompute({ ...input, keep: keptOf(input.choice) }).instalments;
}
