/** Loan rows to the API's views (packages/shared/src/credit.ts). Paise leave as JSON numbers. */
import type {
  TCreditProduct,
  TCreditProductKind,
  TInstalment,
  TLoanStatus,
  TLoanView,
  TMarginState,
  TPenalKind,
  TPledgeView,
  TRateType,
  TRepaymentKind,
} from '@sampada/shared';
import {
  BENCHMARK_NAME,
  paiseNumber,
  type TLoanFloating,
  type TResetPreference,
} from '@sampada/shared';
import {
  addDays,
  buildSchedule,
  daysBetween,
  istDay,
  periodsFrom,
  type Schedule,
  type ScheduledInstalment,
} from './interest.ts';
import type { Dues } from './dues.ts';
import type { creditProducts, loanPledges, loans } from './tables.ts';

export type ProductRow = typeof creditProducts.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type PledgeRow = typeof loanPledges.$inferSelect;

export { paiseNumber };
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const productView = (row: ProductRow): TCreditProduct => ({
  id: row.id,
  name: row.name,
  kind: row.kind as TCreditProductKind,
  repayment: row.repayment as TRepaymentKind,
  annual_rate_bps: row.annualRateBps,
  tenure_months: row.tenureMonths,
  min_amount_paise: paiseNumber(row.minAmountPaise),
  max_amount_paise: paiseNumber(row.maxAmountPaise),
  ltv_bps: row.ltvBps,
  margin_call_ltv_bps: row.marginCallLtvBps,
  sell_off_ltv_bps: row.sellOffLtvBps,
  processing_fee_bps: row.processingFeeBps,
  cooling_off_days: row.coolingOffDays,
  rate_type: row.rateType as TRateType,
  foreclosure_charge_bps: row.foreclosureChargeBps,
  spread_bps: row.spreadBps,
  reset_months: row.resetMonths,
  penal_kind: row.penalKind as TPenalKind,
  penal_rate_bps: row.penalRateBps,
  penal_flat_paise: paiseNumber(row.penalFlatPaise),
  active: row.active,
  updated_at: row.updatedAt.toISOString(),
});

export const instalmentView = (i: ScheduledInstalment): TInstalment => ({
  number: i.number,
  due_date: i.dueDate,
  days: i.days,
  interest_paise: paiseNumber(i.interest),
  principal_paise: paiseNumber(i.principal),
  amount_paise: paiseNumber(i.amount),
  balance_after_paise: paiseNumber(i.balanceAfter),
});

/** The loan's schedule: from its disbursal day, or (before it) as if disbursed today. */
export function scheduleOf(row: LoanRow, today: string): Schedule {
  return buildSchedule({
    principal: row.amountPaise,
    rateBps: row.annualRateBps,
    periods: periodsFrom(row.startDate ?? today, row.tenureMonths),
    repayment: row.repayment as TRepaymentKind,
  });
}

/** What is owed today: principal, interest accrued and unpaid, fees due. */
export const outstandingOf = (row: LoanRow) =>
  row.outstandingPrincipalPaise + row.accruedInterestPaise + row.feesDuePaise;

/** Debt over value in basis points (rounded up: a level is reached at its exact value). */
export function ltvOf(debt: bigint, value: bigint): number | null {
  if (value <= 0n) return debt > 0n ? 1_000_000 : null;
  return Number((debt * 10_000n + value - 1n) / value);
}

/** The level an LTV stands at, against the product's margin-call and sell-off levels. */
export function marginStateOf(ltvBps: number | null, product: ProductRow): TMarginState {
  if (ltvBps === null) return 'ok';
  if (product.sellOffLtvBps !== null && ltvBps >= product.sellOffLtvBps) return 'sell_off';
  if (product.marginCallLtvBps !== null && ltvBps >= product.marginCallLtvBps) return 'margin_call';
  return 'ok';
}

export type PledgeValue = { pledges: TPledgeView[]; value: bigint };

export function pledgeViews(
  rows: PledgeRow[],
  priceOf: (symbol: string) => bigint | null,
  nameOf: (symbol: string) => string,
): PledgeValue {
  let value = 0n;
  const pledges = rows.map((p) => {
    const held = p.releasedAt ? 0 : p.quantity - p.invokedQuantity;
    const price = priceOf(p.symbol);
    const worth = price === null ? 0n : price * BigInt(held);
    value += worth;
    return {
      symbol: p.symbol,
      name: nameOf(p.symbol),
      quantity: p.quantity,
      price_paise: price === null ? null : paiseNumber(price),
      value_paise: paiseNumber(worth),
      released: p.releasedAt !== null,
      invoked_quantity: p.invokedQuantity,
    };
  });
  return { pledges, value };
}

/** The debt a loan's LTV is measured on: before disbursal the amount applied for. */
export const debtOf = (row: LoanRow) =>
  row.status === 'applied' || row.status === 'approved' ? row.amountPaise : outstandingOf(row);

/** A disbursed loan's instalments as the schedule shows them: with their state and payments. */
export function dueScheduleView(row: LoanRow, dues: Dues): TInstalment[] {
  let balance = row.amountPaise - row.prepaidPrincipalPaise;
  let previous = row.startDate ?? dues.instalments[0]?.dueDate ?? '';
  return dues.instalments.map((i) => {
    balance -= i.principal;
    const days = previous ? daysBetween(previous, i.dueDate) : 0;
    previous = i.dueDate;
    return {
      number: i.number,
      due_date: i.dueDate,
      days,
      interest_paise: paiseNumber(i.interest),
      principal_paise: paiseNumber(i.principal),
      amount_paise: paiseNumber(i.interest + i.principal),
      balance_after_paise: paiseNumber(balance < 0n ? 0n : balance),
      state: i.state,
      paid_paise: paiseNumber(i.principalPaid + i.interestPaid),
      days_past_due: i.daysPastDue,
    };
  });
}

export function loanView(
  row: LoanRow,
  product: ProductRow,
  context: {
    now: Date;
    pledgeValue: bigint | null;
    dues: Dues | null;
    /** The loan's margin calls (any order): the open one's deadline is shown. */
    marginCalls?: { status: string; deadline: string }[];
  },
): TLoanView {
  const active = row.status === 'disbursed';
  const outstanding = outstandingOf(row);
  const dues = active ? context.dues : null;
  const zero = 0n;
  const hasPledge = product.kind === 'loan_against_shares' && context.pledgeValue !== null;
  const live = row.status === 'applied' || row.status === 'approved' || active;
  const ltv = hasPledge && live ? ltvOf(debtOf(row), context.pledgeValue ?? 0n) : null;
  return {
    id: row.id,
    product: { id: product.id, name: product.name, kind: product.kind as TCreditProductKind },
    status: row.status as TLoanStatus,
    repayment: row.repayment as TRepaymentKind,
    amount_paise: paiseNumber(row.amountPaise),
    tenure_months: row.tenureMonths,
    annual_rate_bps: row.annualRateBps,
    processing_fee_paise: paiseNumber(row.processingFeePaise),
    fee_gst_paise: paiseNumber(row.feeGstPaise),
    approvals: (row.firstApprovedBy ? 1 : 0) + (row.secondApprovedBy ? 1 : 0),
    approvals_required: row.approvalsRequired,
    reason: row.reason,
    outstanding_principal_paise: paiseNumber(row.outstandingPrincipalPaise),
    accrued_interest_paise: paiseNumber(row.accruedInterestPaise),
    fees_due_paise: paiseNumber(row.feesDuePaise),
    outstanding_paise: paiseNumber(outstanding),
    paid_principal_paise: paiseNumber(row.paidPrincipalPaise),
    paid_interest_paise: paiseNumber(row.paidInterestPaise),
    paid_fees_paise: paiseNumber(row.paidFeesPaise),
    due_now_paise: paiseNumber(dues?.dueNow ?? zero),
    past_due_paise: paiseNumber(dues?.pastDue ?? zero),
    interest_due_paise: paiseNumber(dues?.interestDue ?? zero),
    principal_due_paise: paiseNumber(dues?.principalDue ?? zero),
    accrued_not_due_paise: paiseNumber(dues?.interestNotDue ?? zero),
    dpd: dues?.dpd ?? 0,
    dpd_bucket: dues?.bucket ?? 'current',
    next_due_date: dues?.nextDueDate ?? null,
    accrued_through: row.accruedThrough,
    pledge_value_paise:
      hasPledge && context.pledgeValue !== null ? paiseNumber(context.pledgeValue) : null,
    ltv_bps: ltv,
    // Live, at the feed's prices now; the monitor records each change of level as an event.
    margin_state: hasPledge && active ? marginStateOf(ltv, product) : null,
    created_at: row.createdAt.toISOString(),
    disbursed_at: iso(row.disbursedAt),
    closed_at: iso(row.closedAt),
    kfs_id: row.kfsId,
    cooling_off_until: coolingOffUntil(row, product, istDay(context.now)),
    closed_by: (row.closedBy as TLoanView['closed_by']) ?? null,
    margin_call_deadline: active
      ? (context.marginCalls?.find((c) => c.status === 'open')?.deadline ?? null)
      : null,
    rate_type: row.rateType as TRateType,
    floating: floatingView(row),
  };
}

/** A floating loan's terms and next reset; a closed loan has none to come. */
function floatingView(row: LoanRow): TLoanFloating | null {
  if (row.rateType !== 'floating') return null;
  const live = row.status === 'applied' || row.status === 'approved' || row.status === 'disbursed';
  return {
    benchmark: BENCHMARK_NAME,
    spread_bps: row.spreadBps ?? 0,
    reset_months: row.resetMonths ?? 0,
    next_reset_date: live ? row.nextResetDate : null,
    reset_preference: row.resetPreference as TResetPreference,
  };
}

/**
 * The last IST day a disbursed loan may be exited at principal and interest only: the
 * product's cooling-off days after the disbursal day; null once past (or without one).
 */
export function coolingOffUntil(
  row: Pick<LoanRow, 'status' | 'startDate'>,
  product: Pick<ProductRow, 'coolingOffDays'>,
  today: string,
): string | null {
  if (row.status !== 'disbursed' || !row.startDate || product.coolingOffDays <= 0) return null;
  const until = addDays(row.startDate, product.coolingOffDays);
  return today <= until ? until : null;
}
