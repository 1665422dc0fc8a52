/**
 * The margin-call rule of a loan against shares, in one place: the key fact statement's words
 * (`marginCallTerms`) and the code that raises, cures and invokes a call (margin-calls.ts) both
 * read the constants and the plan below, so what the client accepted is what happens.
 *
 * - A call is raised when the LTV reaches the product's margin-call level; the client has
 *   `MARGIN_CALL_DAYS` working days — days the exchange trades, on the market's calendar, the
 *   one settlement uses — to bring it back under that level (repay, or prices recover). RBI
 *   prescribes no number of days; lenders against shares state theirs in working days, and a
 *   client whose week holds a holiday or two should not lose the days the market is shut
 *   (decision 048).
 * - Past the deadline, or at once at the sell-off level, pledged shares are sold: the largest
 *   holding by value first, and only as many shares as bring the LTV back to the product's LTV
 *   (the shortfall the console shows), with a cushion for the sale's charges.
 */
import { formatBps } from '@sampada/shared';
import { addDays } from './interest.ts';

/** Working days after the day a call is raised by whose end (IST) it must be met. */
export const MARGIN_CALL_DAYS = 7;

/** How the KFS and the messages name the unit `MARGIN_CALL_DAYS` counts. */
export const MARGIN_CALL_PERIOD = `${MARGIN_CALL_DAYS} working days (days the exchange is open)`;

/** The exchange calendar's test for a day (the market module's, passed in by the service). */
export type IsTradingDay = (day: string) => boolean;

/** The order pledged shares are sold in, as the KFS words it (and `invocationPlan` does it). */
export const INVOCATION_ORDER = 'largest holding by value first';

/**
 * What the sale aims above the bare need, in basis points of the sale: a delivery sale's
 * charges (brokerage, STT, exchange fee, GST) come out of its proceeds, and the market order
 * fills at the next print, not at the price the plan used.
 */
export const SALE_CUSHION_BPS = 100;

const BPS = 10_000n;

/**
 * The last IST day a call raised on `raisedDay` may be met: the `MARGIN_CALL_DAYS`th trading
 * day after it. The raise day never counts, even a trading day: a call raised at 15:00 leaves
 * no working day to act on.
 */
export function marginCallDeadline(raisedDay: string, isTradingDay: IsTradingDay): string {
  let day = raisedDay;
  // A year of closed days cannot happen; the bound only keeps a broken calendar from spinning.
  for (let counted = 0, steps = 0; counted < MARGIN_CALL_DAYS && steps < 366; steps++) {
    day = addDays(day, 1);
    if (isTradingDay(day)) counted += 1;
  }
  return day;
}

/** Past its deadline: the first day after it. */
export const pastDeadline = (deadline: string, today: string) => today > deadline;

/** The KFS's recovery clause for a loan against shares, from the same constants. */
export const marginCallTerms = (levels: {
  ltvBps: number | null;
  marginCallLtvBps: number | null;
  sellOffLtvBps: number | null;
}) =>
  `If the loan-to-value reaches ${pct(levels.marginCallLtvBps)} (margin call) you are told at once and asked to repay enough to bring it under that level within ${MARGIN_CALL_PERIOD}. Past that deadline, or at once if it reaches ${pct(levels.sellOffLtvBps)} (sell-off), pledged shares are sold at market, ${INVOCATION_ORDER}, only as many as bring the loan-to-value back to ${pct(levels.ltvBps)}; the proceeds repay the loan and you are told of each sale.`;

const pct = (bps: number | null) => (bps === null ? '—' : formatBps(bps));

export type PledgedLine = {
  symbol: string;
  /** Shares still in pledge (not sold, not released). */
  held: number;
  /** The feed's last price; null when the stock does not trade (it cannot be sold). */
  pricePaise: bigint | null;
};

export type PlannedSale = { symbol: string; quantity: number; valuePaise: bigint };

/**
 * The value of shares to sell so that, with its proceeds repaying the debt, the LTV is back at
 * `ltvBps`: (debt − S·(1 − c)) ≤ L·(value − S) gives S ≥ (debt − L·value) / (1 − c − L).
 * Zero when the LTV is already there; at least the whole pledge when it cannot be restored.
 */
export function saleNeeded(debt: bigint, value: bigint, ltvBps: number): bigint {
  const excess = debt * BPS - BigInt(ltvBps) * value;
  if (excess <= 0n) return 0n;
  const keep = BPS - BigInt(SALE_CUSHION_BPS) - BigInt(ltvBps);
  if (keep <= 0n) return value;
  return (excess + keep - 1n) / keep;
}

export type InvocationInput = { debtPaise: bigint; ltvBps: number; lines: PledgedLine[] };

/**
 * The lines that can be sold, by value, largest first (ties by symbol, so two passes plan
 * alike).
 */
const sellable = (lines: PledgedLine[]) =>
  lines
    .filter((l) => l.held > 0 && l.pricePaise !== null && l.pricePaise > 0n)
    .map((l) => ({ ...l, price: l.pricePaise!, value: l.pricePaise! * BigInt(l.held) }))
    .sort((a, b) =>
      a.value === b.value ? a.symbol.localeCompare(b.symbol) : a.value > b.value ? -1 : 1,
    );

/**
 * What an invocation's sale must raise (`saleNeeded` against what can be sold): the plan sells
 * whole shares up to it, and the client's notice says it is what the sale is to recover.
 */
export function saleTarget(input: InvocationInput): bigint {
  const total = sellable(input.lines).reduce((sum, l) => sum + l.value, 0n);
  return saleNeeded(input.debtPaise, total, input.ltvBps);
}

/**
 * The sales of an invocation: holdings by value, largest first, whole shares, each holding sold
 * only as far as the need left after the larger ones. Untradeable lines are skipped. An empty
 * plan means nothing needs selling.
 */
export function invocationPlan(input: InvocationInput): PlannedSale[] {
  let need = saleTarget(input);
  const sales: PlannedSale[] = [];
  for (const line of sellable(input.lines)) {
    if (need <= 0n) break;
    const wanted = (need + line.price - 1n) / line.price;
    const quantity = wanted > BigInt(line.held) ? line.held : Number(wanted);
    const valuePaise = line.price * BigInt(quantity);
    sales.push({ symbol: line.symbol, quantity, valuePaise });
    need -= valuePaise;
  }
  return sales;
}
