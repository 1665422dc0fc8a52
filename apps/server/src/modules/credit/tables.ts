import { sql } from 'drizzle-orm';
import { DEFAULT_COOLING_OFF_DAYS } from '@sampada/shared';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, moduleConfigTable, paise } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';

const zero = sql`0`;

/** What the firm lends on: edited by admins in the console; seeded with two products. */
export const creditProducts = pgTable(
  'credit_products',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    repayment: text('repayment').notNull(),
    annualRateBps: integer('annual_rate_bps').notNull(),
    tenureMonths: integer('tenure_months').array().notNull(),
    minAmountPaise: paise('min_amount_paise').notNull(),
    maxAmountPaise: paise('max_amount_paise').notNull(),
    /** Loans against shares: the largest loan as a share of the pledge, and its alarm levels. */
    ltvBps: integer('ltv_bps'),
    marginCallLtvBps: integer('margin_call_ltv_bps'),
    sellOffLtvBps: integer('sell_off_ltv_bps'),
    processingFeeBps: integer('processing_fee_bps').notNull(),
    /**
     * Penal charges on overdue dues (RBI, 18 Aug 2023): 'rate' — `penalRateBps` a year on the
     * overdue principal, day by day; 'flat' — `penalFlatPaise` once per instalment that falls
     * overdue. Never compounded, never added to the interest rate.
     */
    penalKind: text('penal_kind').notNull().default('rate'),
    penalRateBps: integer('penal_rate_bps').notNull().default(0),
    penalFlatPaise: paise('penal_flat_paise').notNull().default(zero),
    /** RBI digital lending: days after disbursal in which the client may exit at principal + interest. */
    coolingOffDays: integer('cooling_off_days').notNull().default(DEFAULT_COOLING_OFF_DAYS),
    /** 'fixed' or 'floating' (RATE_TYPES): a floating rate allows no foreclosure charge. */
    rateType: text('rate_type').notNull().default('fixed'),
    /** Of the principal outstanding at foreclosure, for loans applied for from now on. */
    foreclosureChargeBps: integer('foreclosure_charge_bps').notNull().default(0),
    /** Floating: the rate is the benchmark plus this spread, reset every `resetMonths` (decision 061). */
    spreadBps: integer('spread_bps').notNull().default(0),
    resetMonths: integer('reset_months').notNull().default(3),
    active: boolean('active').notNull().default(true),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('credit_products_limits', sql`${t.minAmountPaise} between 1 and ${t.maxAmountPaise}`),
    check('credit_products_ltv', sql`${t.ltvBps} is null or ${t.ltvBps} between 1 and 5000`),
    check('credit_products_cooling_off', sql`${t.coolingOffDays} between 0 and 30`),
    check('credit_products_rate_type', sql`${t.rateType} in ('fixed', 'floating')`),
    check(
      'credit_products_foreclosure_charge',
      sql`${t.foreclosureChargeBps} between 0 and 500 and (${t.rateType} = 'fixed' or ${t.foreclosureChargeBps} = 0)`,
    ),
    // The one-kind rule and the caps of packages/shared (penalSettingRefused, MAX_PENAL_*).
    check(
      'credit_products_penal',
      sql`${t.penalRateBps} between 0 and 3600 and ${t.penalFlatPaise} between 0 and 500000 and ((${t.penalKind} = 'rate' and ${t.penalFlatPaise} = 0) or (${t.penalKind} = 'flat' and ${t.penalRateBps} = 0))`,
    ),
    check(
      'credit_products_floating',
      sql`${t.spreadBps} between 0 and 6000 and ${t.resetMonths} between 1 and 12`,
    ),
  ],
);

/**
 * A loan from application to closure. `status` moves only along LOAN_TRANSITIONS, by UPDATEs
 * guarded on the current status. The figures after disbursal are the loan's own sub-ledger:
 * the ledger postings carry the same amounts on the firm's loans account.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    productId: uuid('product_id')
      .notNull()
      .references(() => creditProducts.id),
    status: text('status').notNull().default('applied'),
    /** The product's terms as they were at application. */
    repayment: text('repayment').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    tenureMonths: integer('tenure_months').notNull(),
    annualRateBps: integer('annual_rate_bps').notNull(),
    /** The foreclosure charge its key fact statement named: a later product change leaves it. */
    foreclosureChargeBps: integer('foreclosure_charge_bps').notNull().default(0),
    /** The penal charge its key fact statement named (as the product's): a later product change leaves it. */
    penalKind: text('penal_kind').notNull().default('rate'),
    penalRateBps: integer('penal_rate_bps').notNull().default(0),
    penalFlatPaise: paise('penal_flat_paise').notNull().default(zero),
    /**
     * Floating (decision 061): the spread and reset period its KFS named, the next IST day its
     * rate is reset to the benchmark of that day plus the spread, and what the borrower keeps
     * at a reset ('tenure': the EMI moves; 'emi': the tenure moves). A fixed loan never moves.
     */
    rateType: text('rate_type').notNull().default('fixed'),
    spreadBps: integer('spread_bps'),
    resetMonths: integer('reset_months'),
    nextResetDate: date('next_reset_date'),
    resetPreference: text('reset_preference').notNull().default('tenure'),
    processingFeePaise: paise('processing_fee_paise').notNull(),
    feeGstPaise: paise('fee_gst_paise').notNull(),
    /** Two above the console's threshold at application (maker-checker), else one. */
    approvalsRequired: integer('approvals_required').notNull(),
    firstApprovedBy: uuid('first_approved_by').references(() => staff.id),
    firstApprovedAt: at('first_approved_at'),
    secondApprovedBy: uuid('second_approved_by').references(() => staff.id),
    secondApprovedAt: at('second_approved_at'),
    decidedBy: uuid('decided_by').references(() => staff.id),
    reason: text('reason'),
    outstandingPrincipalPaise: paise('outstanding_principal_paise').notNull().default(zero),
    accruedInterestPaise: paise('accrued_interest_paise').notNull().default(zero),
    feesDuePaise: paise('fees_due_paise').notNull().default(zero),
    paidPrincipalPaise: paise('paid_principal_paise').notNull().default(zero),
    paidInterestPaise: paise('paid_interest_paise').notNull().default(zero),
    paidFeesPaise: paise('paid_fees_paise').notNull().default(zero),
    /** Below one paisa of interest, carried to the next day (see interest.ts). */
    accrualCarry: paise('accrual_carry').notNull().default(zero),
    /** The same for a penal rate's daily charge. */
    penalCarry: paise('penal_carry').notNull().default(zero),
    /** Principal paid ahead of the schedule (prepayments); the schedule was recomputed after. */
    prepaidPrincipalPaise: paise('prepaid_principal_paise').notNull().default(zero),
    /** The first day interest accrues (the disbursal day, in India) and the last day accrued. */
    startDate: date('start_date'),
    accruedThrough: date('accrued_through'),
    /** Loans against shares: where the LTV stood at the last check. */
    marginState: text('margin_state'),
    ltvBps: integer('ltv_bps'),
    disbursalPostingId: bigint('disbursal_posting_id', { mode: 'number' }),
    /** The key fact statement the client accepted when applying (null before migration 0033). */
    kfsId: uuid('kfs_id'),
    /** How a closed loan closed: 'repaid', 'foreclosed' or 'cooling_off' (the no-dues letter says). */
    closedBy: text('closed_by'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    disbursedAt: at('disbursed_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('loans_client').on(t.clientId, t.createdAt),
    index('loans_status').on(t.status, t.createdAt),
    /** One open loan per client and product: the database refuses a second application. */
    uniqueIndex('loans_one_open_per_product')
      .on(t.clientId, t.productId)
      .where(sql`${t.status} in ('applied', 'approved', 'disbursed')`),
    check(
      'loans_balances',
      sql`${t.outstandingPrincipalPaise} >= 0 and ${t.accruedInterestPaise} >= 0 and ${t.feesDuePaise} >= 0`,
    ),
    check(
      'loans_two_officers',
      sql`${t.secondApprovedBy} is null or ${t.secondApprovedBy} <> ${t.firstApprovedBy}`,
    ),
    check('loans_foreclosure_charge', sql`${t.foreclosureChargeBps} between 0 and 500`),
    check(
      'loans_penal',
      sql`${t.penalKind} in ('rate', 'flat') and ${t.penalRateBps} >= 0 and ${t.penalFlatPaise} >= 0`,
    ),
    check(
      'loans_floating',
      sql`${t.rateType} = 'fixed' or (${t.rateType} = 'floating' and ${t.spreadBps} is not null and ${t.resetMonths} between 1 and 12)`,
    ),
    check('loans_reset_preference', sql`${t.resetPreference} in ('tenure', 'emi')`),
  ],
);

/** The shares a loan holds in pledge; trading's holdings carry the pledged total. */
export const loanPledges = pgTable(
  'loan_pledges',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    symbol: text('symbol').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Shares sold when operations invoked the pledge. */
    invokedQuantity: bigint('invoked_quantity', { mode: 'number' }).notNull().default(0),
    releasedAt: at('released_at'),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.symbol] }),
    check('loan_pledges_quantity', sql`${t.invokedQuantity} between 0 and ${t.quantity}`),
  ],
);

/**
 * One row per loan and day accrued: the primary key makes a day's interest happen once,
 * however many accrual runs meet.
 */
export const loanAccruals = pgTable(
  'loan_accruals',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    day: date('day').notNull(),
    principalPaise: paise('principal_paise').notNull(),
    interestPaise: paise('interest_paise').notNull(),
    /** Null when the day's interest was below a paisa (carried, nothing to post). */
    postingId: bigint('posting_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.day] })],
);

export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: uuid('id').primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    amountPaise: paise('amount_paise').notNull(),
    feesPaise: paise('fees_paise').notNull(),
    interestPaise: paise('interest_paise').notNull(),
    principalPaise: paise('principal_paise').notNull(),
    /** Who paid: the client, or operations selling the pledge. */
    source: text('source').notNull(),
    postingId: bigint('posting_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('loan_repayments_loan').on(t.loanId, t.createdAt)],
);

/** What the client sees of their loan's history: each step, in words. */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    detail: jsonb('detail'),
    at: at('at').notNull(),
  },
  (t) => [index('loan_events_loan').on(t.loanId, t.id)],
);

/** The credit module's settings, e.g. the maker-checker threshold. */
export const creditConfig = moduleConfigTable('credit_config');

/**
 * Sales of pledged shares when operations invoke a pledge: one market sell order each. Once the
 * order has ended, what it raised is applied to the loan and the sale is settled.
 */
export const loanPledgeSales = pgTable(
  'loan_pledge_sales',
  {
    orderId: uuid('order_id').primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    symbol: text('symbol').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
    appliedPaise: paise('applied_paise'),
  },
  (t) => [index('loan_pledge_sales_open').on(t.loanId, t.settledAt)],
);

/**
 * A disbursed loan's instalments as they stand (rewritten from the next one on at a
 * prepayment). `interestAccruedPaise` is the interest the accrual job posted on the days of
 * the instalment's period: what is billed on its due date (dues.ts).
 */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    number: integer('number').notNull(),
    dueDate: date('due_date').notNull(),
    principalPaise: paise('principal_paise').notNull(),
    interestEstimatePaise: paise('interest_estimate_paise').notNull(),
    interestAccruedPaise: paise('interest_accrued_paise').notNull().default(zero),
    /** The reminder three days before, sent once. */
    remindedAt: at('reminded_at'),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.number] })],
);

/**
 * Key fact statements (RBI's digital lending directions): the quote as the KFS the client reads
 * before applying, kept word for word. Applying names one, unexpired and the client's own, and
 * the application's transaction marks it accepted and ties it to the loan (once).
 */
export const loanKeyFacts = pgTable(
  'loan_key_facts',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    productId: uuid('product_id')
      .notNull()
      .references(() => creditProducts.id),
    statement: jsonb('statement').notNull(),
    issuedAt: at('issued_at').notNull(),
    /** The last IST day the terms hold (RBI: at least three working days). */
    validUntil: date('valid_until').notNull(),
    acceptedAt: at('accepted_at'),
    loanId: uuid('loan_id').references(() => loans.id),
  },
  (t) => [
    uniqueIndex('loan_key_facts_loan')
      .on(t.loanId)
      .where(sql`${t.loanId} is not null`),
    index('loan_key_facts_client').on(t.clientId, t.issuedAt),
  ],
);

/**
 * Margin calls of loans against shares (invocation.ts has the rule): raised when the LTV
 * reaches the product's margin-call level, with a deadline; `open` until the LTV is back under
 * that level (`met`), the pledge is invoked past the deadline or at the sell-off level
 * (`invoked`, with what was put up for sale), or the loan closes (`ended`). At most one open
 * call per loan (a partial unique index); every move is an UPDATE guarded on `open`, so two
 * monitor passes or an officer and the monitor act on a call once.
 */
export const loanMarginCalls = pgTable(
  'loan_margin_calls',
  {
    id: uuid('id').primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    raisedAt: at('raised_at').notNull(),
    /** The last IST day the call may be met; past it the pledge is invoked. */
    deadline: date('deadline').notNull(),
    ltvBps: integer('ltv_bps').notNull(),
    shortfallPaise: paise('shortfall_paise').notNull(),
    status: text('status').notNull().default('open'),
    endedAt: at('ended_at'),
    endedLtvBps: integer('ended_ltv_bps'),
    /** Invoked: the shares put up for sale, largest holding by value first. */
    sold: jsonb('sold').$type<{ symbol: string; quantity: number }[]>(),
  },
  (t) => [
    uniqueIndex('loan_margin_calls_one_open')
      .on(t.loanId)
      .where(sql`${t.status} = 'open'`),
    index('loan_margin_calls_loan').on(t.loanId, t.raisedAt),
  ],
);

/**
 * The firm's lending benchmark (decision 061): each row a rate from an IST day on, set by an
 * admin with a reason, never edited. The rate on a day is the row with the latest
 * `effective_from` on or before it (the later row of one day wins).
 */
export const creditBenchmarkRates = pgTable(
  'credit_benchmark_rates',
  {
    id: uuid('id').primaryKey(),
    effectiveFrom: date('effective_from').notNull(),
    rateBps: integer('rate_bps').notNull(),
    setBy: uuid('set_by')
      .notNull()
      .references(() => staff.id),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('credit_benchmark_rates_day').on(t.effectiveFrom, t.createdAt),
    check('credit_benchmark_rates_rate', sql`${t.rateBps} between 0 and 6000`),
  ],
);

/**
 * A floating loan's resets: the primary key makes a reset day happen once, however many
 * accrual runs meet; the figures are what the client was told (old → new rate, EMI, tenure).
 */
export const loanRateResets = pgTable(
  'loan_rate_resets',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    resetDate: date('reset_date').notNull(),
    benchmarkBps: integer('benchmark_bps').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    oldRateBps: integer('old_rate_bps').notNull(),
    newRateBps: integer('new_rate_bps').notNull(),
    preference: text('preference').notNull(),
    oldEmiPaise: paise('old_emi_paise').notNull(),
    newEmiPaise: paise('new_emi_paise').notNull(),
    oldInstalments: integer('old_instalments').notNull(),
    newInstalments: integer('new_instalments').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.resetDate] })],
);
