/**
 * A loan's terms against its product, and the quote they make: pure, given the pledge's value
 * and the day the quote starts on.
 */
import { LM, type TLoanQuote } from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import { aprBps, buildSchedule, periodsFrom, processingFee } from './interest.ts';
import type { QuoteInput } from './loan-deps.ts';
import { instalmentView, paiseNumber, type ProductRow } from './views.ts';

/** Throws 400 for the first term the product does not offer. */
export function checkTerms(product: ProductRow, input: QuoteInput) {
  if (!product.active) throw badRequest(LM.productInactive);
  if (input.amount_paise < product.minAmountPaise)
    throw badRequest(LM.amountBelowMin(product.minAmountPaise));
  if (input.amount_paise > product.maxAmountPaise)
    throw badRequest(LM.amountAboveMax(product.maxAmountPaise));
  if (!product.tenureMonths.includes(input.tenure_months))
    throw badRequest(LM.tenureNotOffered(product.tenureMonths));
  const secured = product.kind === 'loan_against_shares';
  if (!secured && input.pledges.length > 0) throw badRequest(LM.pledgeNotAllowed);
  if (secured && input.pledges.length === 0) throw badRequest(LM.pledgeRequired);
}

/** What a pledge of this value lets the client borrow (null: nothing pledged, or unsecured). */
export const eligibilityOf = (product: ProductRow, value: bigint | null) =>
  value === null || product.ltvBps === null ? null : (value * BigInt(product.ltvBps)) / 10_000n;

export function quoteOf(
  product: ProductRow,
  input: QuoteInput,
  pledgeValue: bigint | null,
  today: string,
): TLoanQuote {
  const schedule = buildSchedule({
    principal: input.amount_paise,
    rateBps: product.annualRateBps,
    periods: periodsFrom(today, input.tenure_months),
    repayment: product.repayment as 'emi' | 'interest_only',
  });
  const { fee, gst } = processingFee(input.amount_paise, product.processingFeeBps);
  const net = input.amount_paise - fee - gst;
  const eligibility = eligibilityOf(product, pledgeValue);
  return {
    product_id: product.id,
    repayment: product.repayment as 'emi' | 'interest_only',
    amount_paise: paiseNumber(input.amount_paise),
    tenure_months: input.tenure_months,
    annual_rate_bps: product.annualRateBps,
    instalment_paise: paiseNumber(schedule.instalment),
    total_interest_paise: paiseNumber(schedule.totalInterest),
    processing_fee_paise: paiseNumber(fee),
    fee_gst_paise: paiseNumber(gst),
    net_disbursal_paise: paiseNumber(net),
    total_repayable_paise: paiseNumber(schedule.totalRepayable),
    apr_bps: aprBps(net, schedule.instalments),
    pledge_value_paise: pledgeValue === null ? null : paiseNumber(pledgeValue),
    eligibility_paise: eligibility === null ? null : paiseNumber(eligibility),
    schedule: schedule.instalments.map(instalmentView),
  };
}
