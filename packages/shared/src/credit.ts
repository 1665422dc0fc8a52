/**
 * Credit (domain.md "Credit and engagement", docs/api-credit.md): credit products, quotes,
 * loan applications with pledged shares, the loan lifecycle, repayments and pledge
 * monitoring. Money travels as integer paise (JSON numbers); rates as basis points a year
 * (1050 = 10.50%); loan-to-value ratios as basis points of the pledged shares' value.
 */
import { z } from 'zod';
import { ZPageQuery } from './console.ts';
import { BPS_PER_UNIT, formatBps } from './basis-points.ts';
import { formatPaise, PAISE_PER_RUPEE } from './money.ts';
import { amountInPaise, deprecatedPaise, rupeeText } from './rupee-fields.ts';
import { requiredText, ZPinRequest } from './schemas.ts';

// ---------- Constants ----------

export const CREDIT_PRODUCT_KINDS = ['loan_against_shares', 'personal'] as const;
export type TCreditProductKind = (typeof CREDIT_PRODUCT_KINDS)[number];

/** EMI: equal monthly instalments; interest only: monthly interest, principal at the end. */
export const REPAYMENT_KINDS = ['emi', 'interest_only'] as const;
export type TRepaymentKind = (typeof REPAYMENT_KINDS)[number];

/**
 * How a product's rate is set: fixed for the tenure, or floating on a benchmark. The rate
 * type decides whether a foreclosure charge may be asked at all (RBI: none on a floating-rate
 * loan to an individual for a non-business purpose, which every loan here is).
 */
export const RATE_TYPES = ['fixed', 'floating'] as const;
export type TRateType = (typeof RATE_TYPES)[number];

/**
 * A floating rate's benchmark (decision 061): the RBI policy repo rate, entered by an admin when
 * the Monetary Policy Committee moves it. A floating loan's rate is this plus its spread, reset
 * every few months.
 */
export const BENCHMARK_NAME = 'RBI policy repo rate';
/** A floating product resets its loans' rate every this many months unless an admin sets another. */
export const DEFAULT_RESET_MONTHS = 3;
export const MAX_RESET_MONTHS = 12;
/**
 * What a floating loan's borrower keeps at a reset (RBI, 18 Aug 2023): the tenure (the EMI
 * moves, the default) or the EMI (the tenure moves, within limits; else the EMI moves too).
 */
export const RESET_PREFERENCES = ['tenure', 'emi'] as const;
export type TResetPreference = (typeof RESET_PREFERENCES)[number];

export const LOAN_STATUSES = [
  'applied',
  'approved',
  'rejected',
  'cancelled',
  'disbursed',
  'closed',
  'written_off',
] as const;
export type TLoanStatus = (typeof LOAN_STATUSES)[number];
/** A loan of these statuses blocks a new application for the same product. */
export const OPEN_LOAN_STATUSES = ['applied', 'approved', 'disbursed'] as const;

export const LOAN_STATUS_LABELS: Record<TLoanStatus, string> = {
  applied: 'Applied',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  disbursed: 'Active',
  closed: 'Closed',
  written_off: 'Written off',
};

/** Where a loan against shares stands against its pledge (LTV levels of its product). */
export const MARGIN_STATES = ['ok', 'margin_call', 'sell_off'] as const;
export type TMarginState = (typeof MARGIN_STATES)[number];

/** A margin call's life (decision 043): open until met, invoked, or its loan ends. */
export const MARGIN_CALL_STATUSES = ['open', 'met', 'invoked', 'ended'] as const;
export type TMarginCallStatus = (typeof MARGIN_CALL_STATUSES)[number];

/** RBI: a loan against shares is at most 50% of the pledged shares' value. */
export const MAX_LTV_BPS = 5_000;
/**
 * GST on the firm's loan charges (18%): the processing fee, itemised on the disbursal, and the
 * foreclosure charge, added on top of it (decision 055).
 */
export const FEE_GST_BPS = 1_800;
export const MAX_TENURE_MONTHS = 120;
/** RBI digital lending: the days after disbursal a borrower may exit at principal + interest. */
export const DEFAULT_COOLING_OFF_DAYS = 3;
export const MAX_COOLING_OFF_DAYS = 30;
/** The highest foreclosure charge a product may carry: 5% of the principal outstanding. */
export const MAX_FORECLOSURE_CHARGE_BPS = 500;
/**
 * Penal charges (RBI circular of 18 Aug 2023): a product charges either a rate a year on the
 * overdue principal or a flat amount once per overdue instalment, never both, never interest.
 * A product may charge none (rate 0): RBI sets no floor, only that the charge be reasonable.
 */
export const PENAL_KINDS = ['rate', 'flat'] as const;
export type TPenalKind = (typeof PENAL_KINDS)[number];
/** 36% a year on the overdue principal at most: a guard well above the seeded 24%, not the policy. */
export const MAX_PENAL_RATE_BPS = 3_600;
/**
 * ₹5,000 per overdue instalment: ten times the seeded ₹500 and about what Indian retail lenders
 * publish as their highest late-payment charge; the cap stops a slipped digit (₹50,000 for ₹500),
 * the admin's policy sets the figure under it.
 */
export const MAX_PENAL_FLAT_PAISE = 500_000;
export const MAX_PLEDGE_LINES = 20;
export const MAX_LOAN_PAISE = 1_000_000_000n * PAISE_PER_RUPEE;
export const CREDIT_PAGE_DEFAULT = 20;
export const CREDIT_PAGE_MAX = 100;

const rupees = (paise: bigint | number) => formatPaise(paise);

// ---------- Messages ----------

export const LM = {
  loanNotAllowed: 'Loans are not available on your account. Contact your advisor.',
  kycRequired: 'Complete KYC verification before applying for a loan.',
  setPinForLoans: 'Set a PIN before applying for or repaying a loan.',
  productRequired: 'Choose a credit product.',
  productNotFound: 'This credit product was not found.',
  productInactive: 'This credit product is not offered at the moment.',
  amountRequired: 'Enter the loan amount.',
  amountInvalid: 'The amount must be a whole number of paise.',
  amountPositive: 'The amount must be more than zero.',
  amountBelowMin: (min: bigint | number) =>
    `The minimum amount for this product is ${rupees(min)}.`,
  amountAboveMax: (max: bigint | number) =>
    `The maximum amount for this product is ${rupees(max)}.`,
  amountAboveEligibility: (eligible: bigint | number) =>
    `The amount is more than your eligibility of ${rupees(eligible)} against the pledged shares.`,
  tenureRequired: 'Choose a tenure.',
  tenureNotOffered: (options: readonly number[]) =>
    `Choose a tenure this product offers: ${options.join(', ')} months.`,
  pledgeRequired: 'Choose the shares to pledge.',
  pledgeNotAllowed: 'This product does not take a pledge of shares.',
  pledgeQuantityInvalid: 'Pledge a whole number of shares, at least 1.',
  pledgeDuplicate: 'List each stock once.',
  pledgeBeyondFree: (symbol: string) =>
    `You cannot pledge more ${symbol} shares than you hold free of sale orders and other pledges.`,
  pledgeNoPrice: (symbol: string) => `${symbol} has no price to value the pledge at.`,
  loanOpen: 'You already have an open loan of this product. Close it before applying again.',
  loanNotFound: 'This loan was not found.',
  notDisbursed: 'Only an active loan can be repaid.',
  repayAboveOutstanding: (outstanding: bigint | number) =>
    `The amount is more than the outstanding ${rupees(outstanding)}.`,
  repayAboveCash: 'The amount is more than your available cash.',
  alreadyStatus: (status: TLoanStatus) =>
    `This loan is already ${LOAN_STATUS_LABELS[status].toLowerCase()}.`,
  cannotCancel: (status: TLoanStatus) =>
    `A loan that is ${LOAN_STATUS_LABELS[status].toLowerCase()} cannot be cancelled.`,
  reasonRequired: 'Give a reason.',
  secondApprovalSameOfficer:
    'You gave the first approval. A second operations officer must approve this loan.',
  alreadyApprovedBy: 'You have already approved this loan.',
  notSellOff:
    'The pledge can be invoked only at the sell-off level or past a margin call’s deadline.',
  pledgeSaleOpen: 'A sale of this loan’s pledged shares is still open: wait for it to settle.',
  nameRequired: 'Enter the product name.',
  rateInvalid: 'The annual rate is 0 to 60% in basis points (1050 = 10.50%).',
  tenuresRequired: 'List at least one tenure in months.',
  tenureInvalid: `Each tenure is a whole number of months from 1 to ${MAX_TENURE_MONTHS}.`,
  limitsInvalid: 'The minimum amount must not be more than the maximum.',
  ltvRequired: 'A loan against shares needs its LTV, margin-call and sell-off levels.',
  ltvAboveCap: `The LTV cannot be more than ${formatBps(MAX_LTV_BPS)} (RBI's cap for loans against shares).`,
  ltvOrder: 'The levels must rise: LTV below margin call below sell-off.',
  feeInvalid: 'The processing fee is 0 to 10% in basis points.',
  coolingOffInvalid: 'The cooling-off period is 0 to 30 days.',
  foreclosureChargeInvalid:
    'The foreclosure charge is 0 to 5.00% of the principal outstanding, in basis points (200 = 2.00%).',
  foreclosureChargeFloating:
    'A floating-rate loan to an individual carries no foreclosure charge (RBI): set it to 0 or make the rate fixed.',
  penalRateInvalid:
    'The penal rate is 0 to 36.00% a year on the overdue principal, in basis points (2400 = 24.00%).',
  penalFlatInvalid: `The flat penal charge is ${formatPaise(MAX_PENAL_FLAT_PAISE)} at most per overdue instalment, in paise (50000 = ₹500.00), 0 for none.`,
  penalRateWithFlat: 'A flat penal charge takes no rate: set the penal rate to 0.',
  penalFlatWithRate: 'A penal rate takes no flat amount: set the flat penal charge to 0.',
  spreadInvalid: 'The spread over the benchmark is 0 to 60% in basis points (350 = 3.50%).',
  resetMonthsInvalid: `The reset period is a whole number of months from 1 to ${MAX_RESET_MONTHS}.`,
  benchmarkRateInvalid: 'The benchmark rate is 0 to 60% in basis points (550 = 5.50%).',
  benchmarkDatePast: 'A benchmark rate takes effect today or on a later day, never an earlier one.',
  benchmarkMissing:
    'No benchmark rate is set, so a floating-rate loan cannot be priced. An admin sets it in the console.',
  notFloating: 'This loan has a fixed rate: it is never reset.',
  thresholdInvalid: 'The threshold is a whole number of paise, 0 or more.',
  accrualDateInvalid: 'Interest can be accrued only for days that have ended.',
  dateInvalid: 'Dates are written YYYY-MM-DD.',
  kfsRequired: 'Read and accept the key fact statement before applying.',
  kfsNotFound: 'This key fact statement was not found. Ask for a new one.',
  kfsExpired: 'This key fact statement has expired. Ask for a new one.',
  kfsUsed: 'This key fact statement was already accepted for a loan.',
  kfsTermsChanged:
    'The terms differ from the key fact statement you accepted. Read the new statement first.',
  foreclosureChanged: (amount: bigint | number) =>
    `The amount to close the loan today is ${rupees(amount)}. Read the new statement and confirm.`,
  notClosed: 'A no-dues letter is issued once the loan is closed.',
} as const;

export const CREDIT_DONE = {
  applied: 'Loan application submitted.',
  cancelled: 'Loan application cancelled.',
  repaid: 'Repayment received.',
  foreclosed: 'Loan closed. Your no-dues letter is ready.',
  closed: 'Repayment received. Your loan is closed and the pledge released.',
  approved: 'Approval recorded.',
  firstApproval: 'First approval recorded. A second officer must approve.',
  rejected: 'Loan rejected.',
  disbursed: 'Loan disbursed to the client’s cash.',
  writtenOff: 'Loan written off.',
  pledgeInvoked: 'Pledge invoked: sell orders placed.',
  productSaved: 'Credit product saved.',
  settingsSaved: 'Credit settings saved.',
  benchmarkSaved: 'Benchmark rate saved.',
  resetPreferenceSaved: 'Your choice for rate resets is saved.',
} as const;

// ---------- Request fields ----------

/**
 * An amount in whole paise, as a JSON number or a string of digits: the console's product
 * limits, and the deprecated `amount_paise` of client requests (decision 062).
 */
export const paiseField = (requiredMessage: string = LM.amountRequired) =>
  z.union([z.number(), z.string()], { error: requiredMessage }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    if (!/^-?\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: LM.amountInvalid });
      return z.NEVER;
    }
    const paise = BigInt(text);
    if (paise <= 0n) {
      ctx.addIssue({ code: 'custom', message: LM.amountPositive });
      return z.NEVER;
    }
    if (paise > MAX_LOAN_PAISE) {
      ctx.addIssue({ code: 'custom', message: LM.amountAboveMax(MAX_LOAN_PAISE) });
      return z.NEVER;
    }
    return paise;
  });

const tenure = z
  .number({ error: LM.tenureRequired })
  .int(LM.tenureInvalid)
  .min(1, LM.tenureInvalid)
  .max(MAX_TENURE_MONTHS, LM.tenureInvalid);

export const ZPledgeLine = z.object({
  symbol: requiredText(LM.pledgeRequired)
    .max(32)
    .transform((v) => v.toUpperCase()),
  quantity: z
    .number({ error: LM.pledgeQuantityInvalid })
    .int(LM.pledgeQuantityInvalid)
    .min(1, LM.pledgeQuantityInvalid)
    .max(100_000_000, LM.pledgeQuantityInvalid),
});
export type TPledgeLine = z.infer<typeof ZPledgeLine>;

const pledges = z
  .array(ZPledgeLine)
  .max(MAX_PLEDGE_LINES)
  .default([])
  .refine((lines) => new Set(lines.map((l) => l.symbol)).size === lines.length, {
    message: LM.pledgeDuplicate,
  });

/** Days-past-due buckets (RBI): current, SMA-0 1–30, SMA-1 31–60, SMA-2 61–90, NPA > 90. */
export const DPD_BUCKETS = ['current', 'sma_0', 'sma_1', 'sma_2', 'npa'] as const;
export type TDpdBucket = (typeof DPD_BUCKETS)[number];
export const PREPAYMENT_CHOICES = ['reduce_emi', 'reduce_tenure'] as const;

// ---------- Requests (client) ----------

/** A loan's amount as the client types it (decision 062); the services read `amount_paise`. */
const LOAN_AMOUNT = {
  required: LM.amountRequired,
  maxPaise: MAX_LOAN_PAISE,
  tooLarge: LM.amountAboveMax(MAX_LOAN_PAISE),
};
const amountOf = (required: string) => ({
  /** Rupees: '250000' or '250000.50'. */
  amount: rupeeText({ ...LOAN_AMOUNT, required }).optional(),
  amount_paise: deprecatedPaise(paiseField(required), 'amount').optional(),
});

/** The terms a quote, a key fact statement and an application name. */
export const ZLoanTerms = z.object({
  product_id: z.uuid({ error: LM.productRequired }),
  ...amountOf(LM.amountRequired),
  tenure_months: tenure,
  /** Loans against shares: the holdings to pledge (eligibility = LTV × their value). */
  pledges,
});

export const ZLoanQuoteRequest = amountInPaise(ZLoanTerms, LM.amountRequired);
export type TLoanQuoteRequest = z.input<typeof ZLoanQuoteRequest>;

/** The key fact statement accepted (checked after the terms, so a term's refusal comes first). */
export const ZLoanApplyRequest = amountInPaise(
  ZLoanTerms.extend({
    pin: ZPinRequest.shape.pin,
    kfs_id: z.uuid({ error: LM.kfsNotFound }).optional(),
  }),
  LM.amountRequired,
);
export type TLoanApplyRequest = z.input<typeof ZLoanApplyRequest>;

const REPAY_REQUIRED = 'Enter the amount to repay.';
export const ZLoanRepayRequest = amountInPaise(
  z.object({
    ...amountOf(REPAY_REQUIRED),
    pin: ZPinRequest.shape.pin,
    /** What a prepayment (beyond what is due) shortens: the EMI (default) or the tenure. */
    prepayment: z.enum(PREPAYMENT_CHOICES).optional(),
  }),
  REPAY_REQUIRED,
);
export type TLoanRepayRequest = z.input<typeof ZLoanRepayRequest>;

/** A floating loan's borrower: what a rate reset keeps (the other moves). */
export const ZResetPreferenceRequest = z.object({ reset_preference: z.enum(RESET_PREFERENCES) });
export type TResetPreferenceRequest = z.infer<typeof ZResetPreferenceRequest>;

/** Closing a loan today: the amount the client read on the foreclosure statement. */
const FORECLOSE_REQUIRED = 'Enter the amount on the foreclosure statement.';
export const ZForecloseRequest = amountInPaise(
  z.object({ ...amountOf(FORECLOSE_REQUIRED), pin: ZPinRequest.shape.pin }),
  FORECLOSE_REQUIRED,
);
export type TForecloseRequest = z.input<typeof ZForecloseRequest>;

export const ZLoanListQuery = z.object({
  status: z.enum(LOAN_STATUSES).optional(),
});

// ---------- Requests (console) ----------

export const ZLoanQueueQuery = ZPageQuery.extend({
  /** Default: applied, oldest first (the work queue); any other status lists newest first. */
  status: z.enum([...LOAN_STATUSES, 'all']).default('applied'),
  /** Disbursed loans in one days-past-due bucket. */
  bucket: z.enum(DPD_BUCKETS).optional(),
  client_id: z.uuid().optional(),
});
export type TLoanQueueQuery = z.input<typeof ZLoanQueueQuery>;

export const ZLoanDecisionRequest = z.object({
  /** A note for approval (optional) or the reason for a rejection or write-off (required). */
  reason: z.string().trim().max(500).optional(),
});
export const ZLoanReasonRequest = z.object({
  reason: requiredText(LM.reasonRequired).max(500),
});

/** The charge as a KFS names it: a share of the principal outstanding plus GST, or Nil. */
export const foreclosureChargeText = (chargeBps: number) =>
  chargeBps > 0
    ? `${formatBps(chargeBps)} of the principal outstanding at foreclosure, plus GST at ${formatBps(FEE_GST_BPS)} on the charge`
    : 'Nil';

/** RBI's rule, its one home: a floating-rate product asks no foreclosure charge. */
export const foreclosureChargeRefused = (rateType: TRateType, chargeBps: number) =>
  rateType === 'floating' && chargeBps > 0;

/**
 * RBI's penal rule, its one home: a product charges by one kind only, so the other kind's
 * figure must be 0. Returns the field at fault and why, or null when the setting may be saved.
 */
export function penalSettingRefused(kind: TPenalKind, rateBps: number, flatPaise: number) {
  if (kind === 'flat' && rateBps !== 0)
    return { path: 'penal_rate_bps', message: LM.penalRateWithFlat } as const;
  if (kind === 'rate' && flatPaise !== 0)
    return { path: 'penal_flat_paise', message: LM.penalFlatWithRate } as const;
  return null;
}

/** A product's penal setting as the console and the KFS name it; null when it charges none. */
export function penalChargeText(kind: TPenalKind, rateBps: number, flatPaise: number) {
  if (kind === 'flat')
    return flatPaise > 0 ? `${formatPaise(flatPaise)} per overdue instalment` : null;
  return rateBps > 0 ? `${formatBps(rateBps)} a year on overdue principal` : null;
}

const bps = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);

export const ZCreditProductInput = z
  .object({
    name: requiredText(LM.nameRequired).max(80),
    kind: z.enum(CREDIT_PRODUCT_KINDS),
    repayment: z.enum(REPAYMENT_KINDS),
    annual_rate_bps: bps(6_000, LM.rateInvalid),
    tenure_months: z
      .array(tenure)
      .min(1, LM.tenuresRequired)
      .max(24)
      .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
    min_amount_paise: paiseField(),
    max_amount_paise: paiseField(),
    ltv_bps: bps(BPS_PER_UNIT, LM.ltvRequired).nullable().default(null),
    margin_call_ltv_bps: bps(BPS_PER_UNIT, LM.ltvRequired).nullable().default(null),
    sell_off_ltv_bps: bps(BPS_PER_UNIT, LM.ltvRequired).nullable().default(null),
    processing_fee_bps: bps(1_000, LM.feeInvalid),
    /** Omitted: a new product gets the default (3 days), an edited one keeps its own. */
    cooling_off_days: z
      .number({ error: LM.coolingOffInvalid })
      .int(LM.coolingOffInvalid)
      .min(0, LM.coolingOffInvalid)
      .max(MAX_COOLING_OFF_DAYS, LM.coolingOffInvalid)
      .optional(),
    /** Omitted: a new product is fixed-rate, an edited one keeps its own. */
    rate_type: z.enum(RATE_TYPES).optional(),
    /** Of the principal outstanding at foreclosure; omitted: 0 for a new product, kept on an edit. */
    foreclosure_charge_bps: bps(MAX_FORECLOSURE_CHARGE_BPS, LM.foreclosureChargeInvalid).optional(),
    /** Floating: the rate is the benchmark plus this; omitted: 0 for a new product, kept on an edit. */
    spread_bps: bps(6_000, LM.spreadInvalid).optional(),
    /** Floating: months between resets; omitted: DEFAULT_RESET_MONTHS new, kept on an edit. */
    reset_months: z
      .number({ error: LM.resetMonthsInvalid })
      .int(LM.resetMonthsInvalid)
      .min(1, LM.resetMonthsInvalid)
      .max(MAX_RESET_MONTHS, LM.resetMonthsInvalid)
      .optional(),
    /**
     * Penal charge; omitted: a new product charges none ('rate', 0 — shown as "No penal
     * charge"), an edited one keeps its own. The other kind's figure is 0 or left out.
     */
    penal_kind: z.enum(PENAL_KINDS).optional(),
    penal_rate_bps: bps(MAX_PENAL_RATE_BPS, LM.penalRateInvalid).optional(),
    penal_flat_paise: z
      .number({ error: LM.penalFlatInvalid })
      .int(LM.penalFlatInvalid)
      .min(0, LM.penalFlatInvalid)
      .max(MAX_PENAL_FLAT_PAISE, LM.penalFlatInvalid)
      .optional(),
    active: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    // Without a kind (an edit keeping its own) both figures above 0 are wrong either way;
    // the server checks the kept kind again (product-edits.ts).
    const kind = p.penal_kind ?? ((p.penal_flat_paise ?? 0) > 0 ? 'flat' : 'rate');
    const penal = penalSettingRefused(kind, p.penal_rate_bps ?? 0, p.penal_flat_paise ?? 0);
    if (penal) ctx.addIssue({ code: 'custom', path: [penal.path], message: penal.message });
    if (foreclosureChargeRefused(p.rate_type ?? 'fixed', p.foreclosure_charge_bps ?? 0))
      ctx.addIssue({
        code: 'custom',
        path: ['foreclosure_charge_bps'],
        message: LM.foreclosureChargeFloating,
      });
    if (p.min_amount_paise > p.max_amount_paise)
      ctx.addIssue({ code: 'custom', path: ['min_amount_paise'], message: LM.limitsInvalid });
    if (p.kind === 'loan_against_shares') {
      const { ltv_bps: ltv, margin_call_ltv_bps: call, sell_off_ltv_bps: sell } = p;
      if (ltv === null || call === null || sell === null)
        ctx.addIssue({ code: 'custom', path: ['ltv_bps'], message: LM.ltvRequired });
      else if (ltv > MAX_LTV_BPS)
        ctx.addIssue({ code: 'custom', path: ['ltv_bps'], message: LM.ltvAboveCap });
      else if (!(ltv < call && call < sell))
        ctx.addIssue({ code: 'custom', path: ['margin_call_ltv_bps'], message: LM.ltvOrder });
    }
  });
export type TCreditProductInput = z.input<typeof ZCreditProductInput>;

export const ZCreditSettings = z.object({
  /** Approvals of loans above this amount need a second operations officer. */
  approval_threshold_paise: z
    .number({ error: LM.thresholdInvalid })
    .int(LM.thresholdInvalid)
    .min(0, LM.thresholdInvalid),
});
export type TCreditSettings = z.infer<typeof ZCreditSettings>;

/** An admin sets the benchmark from an IST day on (today or later) and says why. */
export const ZBenchmarkInput = z.object({
  rate_bps: bps(6_000, LM.benchmarkRateInvalid),
  effective_from: z.string({ error: LM.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, LM.dateInvalid),
  reason: requiredText(LM.reasonRequired).max(500),
});
export type TBenchmarkInput = z.infer<typeof ZBenchmarkInput>;

// ---------- Responses ----------

const paise = z.number().int();

export const ZCreditProduct = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CREDIT_PRODUCT_KINDS),
  repayment: z.enum(REPAYMENT_KINDS),
  annual_rate_bps: z.number().int(),
  tenure_months: z.array(z.number().int()),
  min_amount_paise: paise,
  max_amount_paise: paise,
  ltv_bps: z.number().int().nullable(),
  margin_call_ltv_bps: z.number().int().nullable(),
  sell_off_ltv_bps: z.number().int().nullable(),
  processing_fee_bps: z.number().int(),
  /** Days after disbursal the borrower may exit at principal and interest only. */
  cooling_off_days: z.number().int(),
  rate_type: z.enum(RATE_TYPES),
  /** Of the principal outstanding at foreclosure; always 0 on a floating-rate product. */
  foreclosure_charge_bps: z.number().int(),
  /** Floating: the spread over the benchmark and the months between resets (decision 061). */
  spread_bps: z.number().int().optional(),
  reset_months: z.number().int().optional(),
  /** Penal charge: a rate a year on overdue principal, or flat per overdue instalment; 0 = none. */
  penal_kind: z.enum(PENAL_KINDS),
  penal_rate_bps: z.number().int(),
  penal_flat_paise: paise,
  active: z.boolean(),
  updated_at: z.string(),
});
export type TCreditProduct = z.infer<typeof ZCreditProduct>;

/** A holding the client may pledge, at the feed's last price. */
export const ZPledgeableHolding = z.object({
  symbol: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Held, less what is put up for sale and already pledged. */
  free_quantity: z.number().int(),
  pledged_quantity: z.number().int(),
  price_paise: paise.nullable(),
});
export type TPledgeableHolding = z.infer<typeof ZPledgeableHolding>;

export const ZCreditProducts = z.object({
  items: z.array(ZCreditProduct),
  holdings: z.array(ZPledgeableHolding),
});
export type TCreditProducts = z.infer<typeof ZCreditProducts>;

export const ZInstalment = z.object({
  number: z.number().int(),
  due_date: z.string(),
  /** Days of interest in the period (actual/365). */
  days: z.number().int(),
  interest_paise: paise,
  principal_paise: paise,
  amount_paise: paise,
  balance_after_paise: paise,
  /** A disbursed loan's instalments: paid, due (today), overdue or upcoming, and what was paid. */
  state: z.enum(['paid', 'due', 'overdue', 'upcoming']).optional(),
  paid_paise: paise.optional(),
  /** An overdue instalment's days past its due date (0 otherwise); disbursed loans only. */
  days_past_due: z.number().int().optional(),
});
export type TInstalment = z.infer<typeof ZInstalment>;

export const ZPledgeView = z.object({
  symbol: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  price_paise: paise.nullable(),
  value_paise: paise,
  released: z.boolean(),
  /** Shares sold when the pledge was invoked. */
  invoked_quantity: z.number().int(),
});
export type TPledgeView = z.infer<typeof ZPledgeView>;

export const ZLoanQuote = z.object({
  product_id: z.string(),
  repayment: z.enum(REPAYMENT_KINDS),
  amount_paise: paise,
  tenure_months: z.number().int(),
  annual_rate_bps: z.number().int(),
  /** The monthly instalment (EMI), or the monthly interest of an interest-only plan. */
  instalment_paise: paise,
  total_interest_paise: paise,
  processing_fee_paise: paise,
  fee_gst_paise: paise,
  /** What reaches the client's cash: the amount less the fee and its GST. */
  net_disbursal_paise: paise,
  total_repayable_paise: paise,
  /** The annual percentage rate: fee included, the instalments' effective yearly rate. */
  apr_bps: z.number().int(),
  /** Loans against shares: the pledge's value, LTV and the largest amount it allows. */
  pledge_value_paise: paise.nullable(),
  eligibility_paise: paise.nullable(),
  schedule: z.array(ZInstalment),
});
export type TLoanQuote = z.infer<typeof ZLoanQuote>;

export const ZLoanEvent = z.object({
  at: z.string(),
  kind: z.string(),
  message: z.string(),
});
export type TLoanEvent = z.infer<typeof ZLoanEvent>;

/** A floating loan's terms and next reset (decision 061); null on a fixed-rate loan. */
export const ZLoanFloating = z.object({
  benchmark: z.string(),
  spread_bps: z.number().int(),
  reset_months: z.number().int(),
  /** The IST day its rate is next set to the benchmark of that day plus the spread. */
  next_reset_date: z.string().nullable(),
  reset_preference: z.enum(RESET_PREFERENCES),
});
export type TLoanFloating = z.infer<typeof ZLoanFloating>;

export const ZLoanView = z.object({
  id: z.string(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(CREDIT_PRODUCT_KINDS),
  }),
  status: z.enum(LOAN_STATUSES),
  repayment: z.enum(REPAYMENT_KINDS),
  amount_paise: paise,
  tenure_months: z.number().int(),
  annual_rate_bps: z.number().int(),
  processing_fee_paise: paise,
  fee_gst_paise: paise,
  /** Approvals given and needed (two above the console's threshold). */
  approvals: z.number().int(),
  approvals_required: z.number().int(),
  reason: z.string().nullable(),
  outstanding_principal_paise: paise,
  /** Interest accrued and not paid yet. */
  accrued_interest_paise: paise,
  fees_due_paise: paise,
  /** What repays the loan in full today. */
  outstanding_paise: paise,
  paid_principal_paise: paise,
  paid_interest_paise: paise,
  paid_fees_paise: paise,
  /** Penal charges + interest due + principal due (overdue and due today): pay this now. */
  due_now_paise: paise,
  /** Of due_now, what is past its due date (penal charges included). */
  past_due_paise: paise,
  interest_due_paise: paise,
  principal_due_paise: paise,
  /** Interest accrued since the last due date: billed at the next one, not due yet. */
  accrued_not_due_paise: paise,
  /** Days past due of the oldest unpaid instalment, and its bucket (SMA-0/1/2, NPA). */
  dpd: z.number().int(),
  dpd_bucket: z.enum(DPD_BUCKETS),
  next_due_date: z.string().nullable(),
  accrued_through: z.string().nullable(),
  pledge_value_paise: paise.nullable(),
  /** Debt over the pledge's value, in basis points; null without a pledge. */
  ltv_bps: z.number().int().nullable(),
  margin_state: z.enum(MARGIN_STATES).nullable(),
  created_at: z.string(),
  disbursed_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** The key fact statement accepted at application (none on loans from before it). */
  kfs_id: z.string().nullable().optional(),
  /** The last IST day of the cooling-off exit (principal + interest only); null after it. */
  cooling_off_until: z.string().nullable().optional(),
  /** How a closed loan closed: repaid, foreclosed, or exited in the cooling-off period. */
  closed_by: z.enum(['repaid', 'foreclosed', 'cooling_off']).nullable().optional(),
  /** The open margin call's deadline (last IST day to meet it); null without one. */
  margin_call_deadline: z.string().nullable().optional(),
  rate_type: z.enum(RATE_TYPES).optional(),
  floating: ZLoanFloating.nullable().optional(),
});
export type TLoanView = z.infer<typeof ZLoanView>;

export const ZLoanDetail = ZLoanView.extend({
  schedule: z.array(ZInstalment),
  pledges: z.array(ZPledgeView),
  events: z.array(ZLoanEvent),
  product_levels: z.object({
    ltv_bps: z.number().int().nullable(),
    margin_call_ltv_bps: z.number().int().nullable(),
    sell_off_ltv_bps: z.number().int().nullable(),
  }),
});
export type TLoanDetail = z.infer<typeof ZLoanDetail>;

export const ZLoanList = z.object({ items: z.array(ZLoanView) });
export type TLoanList = z.infer<typeof ZLoanList>;

export const ZRepayment = z.object({
  loan: ZLoanView,
  amount_paise: paise,
  fees_paise: paise,
  interest_paise: paise,
  principal_paise: paise,
  posting_id: z.string(),
});
export type TRepayment = z.infer<typeof ZRepayment>;

const ZClientRef = z.object({
  id: z.string(),
  uid: z.string(),
  name: z.string().nullable(),
});

export const ZConsoleLoan = ZLoanView.extend({
  client: ZClientRef,
  approved_by: z.array(z.string()),
  decided_by: z.string().nullable(),
});
export type TConsoleLoan = z.infer<typeof ZConsoleLoan>;

export const ZMarginCall = z.object({
  id: z.string(),
  raised_at: z.string(),
  /** The last IST day to meet it; past it the pledge is invoked. */
  deadline: z.string(),
  ltv_bps: z.number().int(),
  /** What brought the LTV back to the product's LTV when the call was raised. */
  shortfall_paise: paise,
  status: z.enum(MARGIN_CALL_STATUSES),
  ended_at: z.string().nullable(),
  ended_ltv_bps: z.number().int().nullable(),
  /** Invoked: the shares put up for sale, largest holding by value first. */
  sold: z.array(z.object({ symbol: z.string(), quantity: z.number().int() })),
});
export type TMarginCall = z.infer<typeof ZMarginCall>;

export const ZConsoleLoanDetail = ZLoanDetail.extend({
  client: ZClientRef,
  approved_by: z.array(z.string()),
  decided_by: z.string().nullable(),
  /** Loans against shares: every margin call, newest first. */
  margin_calls: z.array(ZMarginCall),
});
export type TConsoleLoanDetail = z.infer<typeof ZConsoleLoanDetail>;

export const ZShortfall = z.object({
  loan: ZConsoleLoan,
  /** What to repay (or pledge more) to bring the LTV back to the product's LTV. */
  shortfall_paise: paise,
});
export type TShortfall = z.infer<typeof ZShortfall>;

export const ZAccrualRun = z.object({
  through: z.string(),
  loans: z.number().int(),
  days: z.number().int(),
  postings: z.number().int(),
  interest_paise: paise,
});
export type TAccrualRun = z.infer<typeof ZAccrualRun>;

export const ZBenchmarkRate = z.object({
  id: z.string(),
  /** The IST day the rate holds from. */
  effective_from: z.string(),
  rate_bps: z.number().int(),
  set_by: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type TBenchmarkRate = z.infer<typeof ZBenchmarkRate>;

export const ZBenchmark = z.object({
  name: z.string(),
  /** The rate in force today (IST); null before any is set. */
  current: ZBenchmarkRate.nullable(),
  /** Every rate set, the latest day first (future ones included). */
  history: z.array(ZBenchmarkRate),
});
export type TBenchmark = z.infer<typeof ZBenchmark>;

// ---------- Key fact statement, foreclosure (RBI digital lending directions) ----------

/** RBI: the KFS's terms hold for at least three working days; five calendar days cover them. */
export const KFS_VALID_DAYS = 5;

/** Who hears a borrower's complaint about a loan (RBI: named in the KFS and the app). */
export const CREDIT_GRIEVANCE_OFFICER = {
  name: 'Grievance Redressal Officer (lending)',
  email: 'grievance.credit@sampada.in',
  phone: '1800-266-2026',
  escalation:
    'If not resolved within 30 days: RBI Complaint Management System, https://cms.rbi.org.in',
} as const;

export const ZKeyFactStatement = z.object({
  id: z.string(),
  issued_at: z.string(),
  /** The last IST day these terms may be accepted. */
  valid_until: z.string(),
  lender: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  kind: z.enum(CREDIT_PRODUCT_KINDS),
  repayment: z.enum(REPAYMENT_KINDS),
  amount_paise: paise,
  tenure_months: z.number().int(),
  instalments: z.number().int(),
  annual_rate_bps: z.number().int(),
  /** Statements issued before migration 0047 named no rate type: they were all fixed. */
  rate_type: z.enum(RATE_TYPES).default('fixed'),
  instalment_paise: paise,
  total_interest_paise: paise,
  processing_fee_paise: paise,
  fee_gst_paise: paise,
  /** Insurance, legal, valuation and any third-party charge: none. */
  other_charges_paise: paise,
  net_disbursal_paise: paise,
  total_repayable_paise: paise,
  /** The all-in cost as a yearly rate: interest, fee and GST against what reaches the client. */
  apr_bps: z.number().int(),
  pledges: z.array(z.object({ symbol: z.string(), quantity: z.number().int() })),
  penal: z.object({
    kind: z.enum(PENAL_KINDS),
    rate_bps: z.number().int(),
    flat_paise: paise,
    text: z.string(),
  }),
  cooling_off_days: z.number().int(),
  /** Of the principal outstanding at foreclosure; the loan keeps it (0 before migration 0047). */
  foreclosure_charge_bps: z.number().int().default(0),
  /**
   * A floating rate's terms told at sanction (RBI, 18 Aug 2023): the benchmark, its rate on
   * the day of issue, the spread, the reset period and what a change does; null when fixed (absent before 0053).
   */
  floating: z
    .object({
      benchmark: z.string(),
      benchmark_bps: z.number().int(),
      spread_bps: z.number().int(),
      reset_months: z.number().int(),
      text: z.string(),
    })
    .nullable()
    .optional(),
  foreclosure: z.string(),
  recovery: z.string(),
  grievance: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    escalation: z.string(),
  }),
  schedule: z.array(ZInstalment),
  accepted_at: z.string().nullable(),
  loan_id: z.string().nullable(),
});
export type TKeyFactStatement = z.infer<typeof ZKeyFactStatement>;

export const ZForeclosureStatement = z.object({
  loan_id: z.string(),
  /** The IST day the amount closes the loan on; tomorrow adds a day's interest. */
  as_of: z.string(),
  valid_until: z.string(),
  principal_paise: paise,
  interest_paise: paise,
  penal_paise: paise,
  /** Penal charges not asked for (a cooling-off exit pays principal and interest only). */
  waived_paise: paise,
  foreclosure_charge_paise: paise,
  /** GST on the foreclosure charge (FEE_GST_BPS, half up to the paisa); 0 when the charge is. */
  foreclosure_charge_gst_paise: paise,
  /** Everything above, charge and its GST included, less what is waived. */
  total_paise: paise,
  /** The interest one more day adds. */
  per_day_interest_paise: paise,
  cooling_off: z.boolean(),
  cooling_off_until: z.string().nullable(),
});
export type TForeclosureStatement = z.infer<typeof ZForeclosureStatement>;
