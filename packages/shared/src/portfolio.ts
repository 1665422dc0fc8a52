/**
 * The portfolio module's contracts (docs/api-portfolio.md): returns against a benchmark,
 * dividends on record, corporate actions.
 */
import { z } from 'zod';

const paise = z.number().int();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const PORTFOLIO_MESSAGES = {
  dateInvalid: 'Enter dates as YYYY-MM-DD.',
  rangeInvalid: 'The start date must not be after the end date.',
  benchmarkUnknown: 'Choose a benchmark: NIFTY50.',
  yearInvalid: 'Enter the financial year as its first calendar year, e.g. 2025.',
  actionInvalid: 'Check the corporate action: symbol, kind, ratio or amount, and dates.',
  actionNotFound: 'No such corporate action.',
  actionNotProposed: (status: string) =>
    `This corporate action is ${status}, not awaiting approval.`,
  actionSameOfficer: 'A second, different officer must approve a corporate action.',
  reasonRequired: 'Give the reason.',
} as const;

/** A corporate action's statuses: a console entry waits for a second officer (maker-checker). */
export const CORPORATE_ACTION_STATUSES = ['proposed', 'entered', 'applied', 'rejected'] as const;
export type TCorporateActionStatus = (typeof CORPORATE_ACTION_STATUSES)[number];
export const CORPORATE_ACTION_STEPS = {
  approve: { from: ['proposed'], to: 'entered' },
  reject: { from: ['proposed'], to: 'rejected' },
  apply: { from: ['entered'], to: 'applied' },
} as const satisfies Record<
  string,
  { from: readonly TCorporateActionStatus[]; to: TCorporateActionStatus }
>;

export const PORTFOLIO_BENCHMARKS = ['NIFTY50'] as const;

/** A calendar day that exists (2025-02-30 does not). */
const isDay = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};
const ZDay = z
  .string()
  .regex(DAY, PORTFOLIO_MESSAGES.dateInvalid)
  .refine(isDay, { error: PORTFOLIO_MESSAGES.dateInvalid });

/** GET /stat/app/v1/returns */
export const ZReturnsQuery = z
  .object({
    from: ZDay.optional(),
    to: ZDay.optional(),
    benchmark: z
      .enum(PORTFOLIO_BENCHMARKS, { error: PORTFOLIO_MESSAGES.benchmarkUnknown })
      .default('NIFTY50'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: PORTFOLIO_MESSAGES.rangeInvalid });

/**
 * Why a rate of return is not a number (the returns' `reason`): here, so that the client app
 * can say the same in Hindi.
 */
export const XIRR_REASONS = {
  tooFew: 'At least two cash flows are needed.',
  oneSign: 'The cash flows are all of one sign (money only in or only out): no rate of return.',
  noRoot: 'No rate makes these cash flows break even between −100% and 10,000,000%.',
} as const;

/** A rate (0.1 is 10%) or, when no rate solves the flows, why not. */
export const ZRate = z.object({
  computable: z.boolean(),
  /** Annualised, as a fraction; null when not computable. */
  rate: z.number().nullable(),
  reason: z.string().nullable(),
});
export type TRate = z.infer<typeof ZRate>;

export const ZReturns = z.object({
  from: z.string(),
  to: z.string(),
  benchmark: z.string(),
  xirr: ZRate,
  /** Time-weighted return over the window (not annualised), as a fraction. */
  twr: z.number(),
  value_paise: paise,
  income: z.object({
    realised_paise: paise,
    unrealised_paise: paise,
    dividend_paise: paise,
  }),
  /** The same cash flows put into the benchmark index on the same days. */
  benchmark_result: z.object({ xirr: ZRate, value_paise: paise.nullable() }),
  holdings: z.array(
    z.object({ symbol: z.string(), name: z.string(), xirr: ZRate, value_paise: paise }),
  ),
  /** Day by day: the portfolio's value, the benchmark's on the same flows, net money in. */
  series: z.array(
    z.object({
      day: z.string(),
      value_paise: paise,
      benchmark_paise: paise,
      invested_paise: paise,
    }),
  ),
  allocation: z.object({
    sector: z.array(z.object({ name: z.string(), value_paise: paise, weight: z.number() })),
    market_cap: z.array(z.object({ name: z.string(), value_paise: paise, weight: z.number() })),
  }),
  as_of: z.string(),
});
export type TReturns = z.infer<typeof ZReturns>;

/** GET /stat/app/v1/dividends */
export const ZDividendsQuery = z.object({
  year: z.coerce
    .number({ error: PORTFOLIO_MESSAGES.yearInvalid })
    .int(PORTFOLIO_MESSAGES.yearInvalid)
    .min(2000, PORTFOLIO_MESSAGES.yearInvalid)
    .max(2100, PORTFOLIO_MESSAGES.yearInvalid)
    .optional(),
});
export const ZDividend = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  per_share_paise: paise,
  gross_paise: paise,
  tds_paise: paise,
  net_paise: paise,
  paid_on: z.string(),
  financial_year: z.number().int(),
});
export type TDividend = z.infer<typeof ZDividend>;
export const ZDividendList = z.object({
  items: z.array(ZDividend),
  gross_paise: paise,
  tds_paise: paise,
  net_paise: paise,
});
export type TDividendList = z.infer<typeof ZDividendList>;

export const CORPORATE_ACTION_KINDS = [
  'split',
  'consolidation',
  'bonus',
  'dividend',
  'symbol_change',
] as const;
export const ZCorporateActionInput = z
  .object({
    symbol: z.string().regex(/^[A-Z0-9&_-]{1,20}$/, PORTFOLIO_MESSAGES.actionInvalid),
    kind: z.enum(CORPORATE_ACTION_KINDS, { error: PORTFOLIO_MESSAGES.actionInvalid }),
    ratio_new: z.number().int().positive().optional(),
    ratio_old: z.number().int().positive().optional(),
    per_share_paise: z.number().int().positive().optional(),
    new_symbol: z.string().optional(),
    new_name: z.string().optional(),
    ex_date: ZDay,
    record_date: ZDay.optional(),
    payment_date: ZDay.optional(),
    purpose: z.string().max(300).optional(),
  })
  .refine(
    (a) =>
      a.kind === 'dividend'
        ? a.per_share_paise !== undefined
        : a.kind === 'symbol_change'
          ? Boolean(a.new_symbol || a.new_name)
          : a.ratio_new !== undefined && a.ratio_old !== undefined,
    { error: PORTFOLIO_MESSAGES.actionInvalid },
  );
export type TCorporateActionInput = z.infer<typeof ZCorporateActionInput>;

/** The console's view of a corporate action. */
export const ZCorporateAction = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(CORPORATE_ACTION_KINDS),
  ratio_new: z.number().int().nullable(),
  ratio_old: z.number().int().nullable(),
  per_share_paise: paise.nullable(),
  new_symbol: z.string().nullable(),
  ex_date: z.string(),
  record_date: z.string().nullable(),
  purpose: z.string(),
  source: z.string(),
  status: z.enum(CORPORATE_ACTION_STATUSES),
  /** Staff ids: the console compares `proposed_by` with the signed-in officer's own. */
  proposed_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** The same officers as people read them (their e-mail), null when none. */
  proposed_by_email: z.string().nullable(),
  decided_by_email: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  applied_at: z.string().nullable(),
});
export type TCorporateAction = z.infer<typeof ZCorporateAction>;
export const ZCorporateActionList = z.object({ items: z.array(ZCorporateAction) });
export const ZCorporateActionImport = z.object({ text: z.string().min(1).max(2_000_000) });
export const ZCorporateActionImported = z.object({
  added: z.number().int(),
  already: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), symbol: z.string(), reason: z.string() })),
});
export const ZCorporateActionReject = z.object({
  reason: z.string().trim().min(1, PORTFOLIO_MESSAGES.reasonRequired).max(500),
});
export const ZCorporateActionId = z.object({
  id: z.uuid({ error: PORTFOLIO_MESSAGES.actionNotFound }),
});
