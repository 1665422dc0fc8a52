/**
 * Trading depth (issue 22, decision 017): the tax P&L by financial year, the holdings export
 * and GTT (good till triggered) orders. Money is integer paise.
 */
import { z } from 'zod';
import { MAX_ORDER_QUANTITY, ORDER_STATUSES, rupeePrice, TM } from './trading.ts';
import { ZPinRequest } from './schemas.ts';
import { addIstDays, asIstDay } from './ist-day.ts';

const paise = z.number().int();

// ---------- Tax P&L ----------

/**
 * Capital-gains rules on listed equity (STT paid), each in force from a transfer (sell) date in
 * IST until the next one: section 111A (short-term, held ≤ 12 months) and section 112A
 * (long-term, taxed on what exceeds the yearly exemption). The Finance (No. 2) Act 2024 raised
 * the rates for transfers on or after 23 July 2024 and the exemption to ₹1.25 lakh; the
 * Finance Act 2025 made explicit (with effect from 23 July 2024) that for FY 2024-25 the
 * ₹1.25 lakh is one limit on the year's long-term gains of both periods together.
 * A year's exemption is therefore the one of the rule in force on its last day (decision 017).
 * Section 112A starts with FY 2018-19; earlier sales are estimated with its first rule.
 */
export const CAPITAL_GAINS_RULES = [
  {
    from: '2018-04-01',
    stcg_rate_pct: '15',
    ltcg_rate_pct: '10',
    ltcg_exemption_paise: 10_000_000,
  },
  {
    from: '2024-07-23',
    stcg_rate_pct: '20',
    ltcg_rate_pct: '12.5',
    ltcg_exemption_paise: 12_500_000,
  },
] as const;
export type TCapitalGainsRule = (typeof CAPITAL_GAINS_RULES)[number];

/** The rule in force on an IST date YYYY-MM-DD. */
export const capitalGainsRuleOn = (istDate: string): TCapitalGainsRule =>
  CAPITAL_GAINS_RULES.findLast((r) => r.from <= istDate) ?? CAPITAL_GAINS_RULES[0];

const dayBefore = (istDate: string): string => addIstDays(asIstDay(istDate), -1);

/**
 * The rate periods of a financial year, oldest first: each rule in force during the year with
 * the days (IST, both ends included) it covers within it.
 */
export function capitalGainsPeriods(
  year: number,
): { from: string; to: string; rule: TCapitalGainsRule }[] {
  const first = `${year}-04-01`;
  const last = `${year + 1}-03-31`;
  const periods: { from: string; to: string; rule: TCapitalGainsRule }[] = [];
  CAPITAL_GAINS_RULES.forEach((rule, i) => {
    const next = CAPITAL_GAINS_RULES[i + 1];
    const from = i === 0 || rule.from < first ? first : rule.from;
    const to = next && dayBefore(next.from) < last ? dayBefore(next.from) : last;
    if (from <= to) periods.push({ from, to, rule });
  });
  return periods;
}

/** The long-term exemption of a financial year: one limit for all its sales (see above). */
export const ltcgExemptionOf = (year: number) =>
  capitalGainsRuleOn(`${year + 1}-03-31`).ltcg_exemption_paise;

/** A financial year is named by its first calendar year: 2025 is 1 Apr 2025 – 31 Mar 2026. */
export const financialYearLabel = (startYear: number) =>
  `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

/** The financial year (its first calendar year) an IST date YYYY-MM-DD falls in. */
export const financialYearOf = (istDate: string) => {
  const year = Number(istDate.slice(0, 4));
  return Number(istDate.slice(5, 7)) >= 4 ? year : year - 1;
};

export const TAX_MESSAGES = {
  yearInvalid: 'Choose a financial year, e.g. 2025 for April 2025 – March 2026.',
} as const;

const ZFinancialYear = z.coerce
  .number({ error: TAX_MESSAGES.yearInvalid })
  .int(TAX_MESSAGES.yearInvalid)
  .min(2000, TAX_MESSAGES.yearInvalid)
  .max(2100, TAX_MESSAGES.yearInvalid);

/** GET /trade/app/v1/tax-pnl: the year; without it, the current financial year. */
export const ZTaxPnlQuery = z.object({ year: ZFinancialYear.optional() });
/** GET /trade/app/v1/tax-pnl/file: the year and the file's format. */
export const ZTaxPnlFileQuery = z.object({
  year: ZFinancialYear.optional(),
  format: z.enum(['csv', 'pdf'], { error: 'Choose CSV or PDF.' }).default('csv'),
});

const ZTerm = z.enum(['short', 'long']);

export const ZTaxRealisedLot = z.object({
  symbol: z.string(),
  name: z.string(),
  isin: z.string().nullable(),
  quantity: z.number().int(),
  /** IST dates of the buy and the sell. */
  buy_date: z.string(),
  sell_date: z.string(),
  cost_paise: paise,
  proceeds_paise: paise,
  /** The buy's and the sell's charges allocated to these shares, the DP charge included. */
  charges_paise: paise,
  /** Of `charges_paise`: the sell's DP charge (GST apart) allocated to these shares. */
  dp_paise: paise,
  /** Of `charges_paise`: both sides' STT, which section 48 does not let the gain deduct. */
  stt_paise: paise.optional(),
  /** Proceeds − cost − (charges − STT). */
  gain_paise: paise,
  term: ZTerm,
});
export type TTaxRealisedLot = z.infer<typeof ZTaxRealisedLot>;

export const ZTaxOpenLot = z.object({
  symbol: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  buy_date: z.string(),
  cost_paise: paise,
  charges_paise: paise,
  price_paise: paise,
  value_paise: paise,
  /** Value − cost − the buy's charges. */
  gain_paise: paise,
  /** Short or long if it were sold today. */
  term: ZTerm,
});
export type TTaxOpenLot = z.infer<typeof ZTaxOpenLot>;

export const ZTaxRatePeriod = z.object({
  /** IST days of the year under these rates, both included. */
  from: z.string(),
  to: z.string(),
  stcg_rate_pct: z.string(),
  ltcg_rate_pct: z.string(),
  short_term_gain_paise: paise,
  long_term_gain_paise: paise,
  short_term_taxable_paise: paise,
  long_term_taxable_paise: paise,
  short_term_tax_paise: paise,
  long_term_tax_paise: paise,
});
export type TTaxRatePeriod = z.infer<typeof ZTaxRatePeriod>;

/** A scrip bought and sold on one IST day: no delivery, speculative business income. */
export const ZTaxIntradayTrade = z.object({
  symbol: z.string(),
  name: z.string(),
  day: z.string(),
  quantity: z.number().int(),
  buy_value_paise: paise,
  sell_value_paise: paise,
  /** Both sides' charges, STT included (a business expense here). */
  charges_paise: paise,
  stt_paise: paise,
  result_paise: paise,
});
export type TTaxIntradayTrade = z.infer<typeof ZTaxIntradayTrade>;

export const ZTaxPnl = z.object({
  /** The first calendar year and the label ("2025-26"), and its first and last IST days. */
  year: z.number().int(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  /** Financial years with fills, newest first, always with the current one. */
  years: z.array(z.number().int()),
  realised: z.array(ZTaxRealisedLot),
  scrips: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      short_term_paise: paise,
      long_term_paise: paise,
      charges_paise: paise,
    }),
  ),
  summary: z.object({
    short_term_gain_paise: paise,
    long_term_gain_paise: paise,
    charges_paise: paise,
    dp_paise: paise,
    /** Of `charges_paise`, STT (not deducted from the gains). */
    stt_paise: paise.optional(),
    turnover_paise: paise,
    /** Intraday trades' result: speculative business income (or loss), not a capital gain. */
    speculative_paise: paise.optional(),
  }),
  /** Same-day buys and sells, in their own section. */
  intraday: z.array(ZTaxIntradayTrade).optional(),
  /**
   * An estimate, not advice: short-term losses set off short-term then long-term gains,
   * long-term losses only long-term gains; the exemption comes off what long-term remains.
   */
  estimate: z.object({
    /** The rates in force on the year's last day (see `periods` for each part of the year). */
    stcg_rate_pct: z.string(),
    ltcg_rate_pct: z.string(),
    /** The year's exemption: one limit on its long-term gains of every period together. */
    ltcg_exemption_paise: paise,
    /**
     * The year split by the rates in force on the sell date (two parts in FY 2024-25, one in
     * other years): each part's gains, what is taxed after set-off and the exemption, the tax.
     * The totals below are their sums.
     */
    periods: z.array(ZTaxRatePeriod),
    short_term_taxable_paise: paise,
    long_term_taxable_paise: paise,
    short_term_tax_paise: paise,
    long_term_tax_paise: paise,
    total_tax_paise: paise,
    /** Losses left after set-off (carried forward in the return, not by this estimate). */
    short_term_loss_paise: paise,
    long_term_loss_paise: paise,
    /** The year's set-off: short-term losses off short-term, then long-term gains; long-term losses off long-term gains only. */
    set_off: z
      .object({
        short_loss_against_short_paise: paise,
        short_loss_against_long_paise: paise,
        long_loss_against_long_paise: paise,
      })
      .optional(),
  }),
  unrealised: z.array(ZTaxOpenLot),
  unrealised_summary: z.object({
    cost_paise: paise,
    value_paise: paise,
    gain_paise: paise,
    short_term_paise: paise,
    long_term_paise: paise,
  }),
  as_of: z.string(),
});
export type TTaxPnl = z.infer<typeof ZTaxPnl>;

// ---------- GTT ----------

export const GTT_KINDS = ['single', 'oco'] as const;
export type TGttKind = (typeof GTT_KINDS)[number];
export const GTT_STATUSES = ['active', 'triggered', 'cancelled', 'expired'] as const;
export type TGttStatus = (typeof GTT_STATUSES)[number];
/** A GTT is valid for one year from its creation (or last edit). */
export const GTT_VALID_DAYS = 365;

/**
 * The GTT lifecycle as data: an active GTT fires once (triggered), or the client deletes it
 * (cancelled), or its year ends (expired). An OCO's two legs are one row: firing one leg is
 * the row's one step, so the other leg is cancelled by the same UPDATE.
 */
export const GTT_STEPS = {
  trigger: { from: ['active'], to: 'triggered' },
  cancel: { from: ['active'], to: 'cancelled' },
  expire: { from: ['active'], to: 'expired' },
} as const satisfies Record<string, { from: readonly TGttStatus[]; to: TGttStatus }>;

export const GTT_STATUS_LABELS: Record<TGttStatus, string> = {
  active: 'Active',
  triggered: 'Triggered',
  cancelled: 'Deleted',
  expired: 'Expired',
};

export const GM = {
  notFound: 'This GTT was not found.',
  notActive: (status: string) =>
    `This GTT is already ${GTT_STATUS_LABELS[status as TGttStatus]?.toLowerCase() ?? status}.`,
  ocoSellOnly: 'An OCO protects a holding: it sells.',
  ocoNeedsStop: 'Enter the stop-loss trigger and price.',
  targetAboveLast: (last: string) => `The target trigger must be above the last price ${last}.`,
  stopBelowLast: (last: string) => `The stop-loss trigger must be below the last price ${last}.`,
  triggerIsLast: (last: string) => `The trigger must differ from the last price ${last}.`,
  /** Named as the client set it: a single GTT read "An OCO …" (issue 31). */
  beyondHolding: (kind: TGttKind) =>
    `${kind === 'oco' ? 'An OCO' : 'A GTT'} cannot sell more shares than you hold.`,
  tooMany: 'You can have at most 200 active GTTs.',
  rejectedCash: TM.insufficientCash,
} as const;

export const GTT_DONE = {
  created: 'GTT created. No cash is held until it triggers.',
  edited: 'GTT updated.',
  deleted: 'GTT deleted.',
} as const;

const quantity = z.coerce
  .number({ error: TM.quantityRequired })
  .refine((v) => Number.isInteger(v) && v >= 1, TM.quantityInvalid)
  .refine((v) => v <= MAX_ORDER_QUANTITY, TM.quantityTooLarge);

/** One trigger and the limit order it places. */
const leg = {
  trigger_price: rupeePrice(TM.triggerRequired),
  limit_price: rupeePrice(TM.priceRequired),
};
const stopLeg = {
  stop_trigger_price: rupeePrice(TM.triggerRequired).optional(),
  stop_limit_price: rupeePrice(TM.priceRequired).optional(),
};

/**
 * POST /trade/app/v1/gtts with `pin` as the request carries it (`ZGttCreate`) or as a form
 * holds it (the web passes its typed-PIN schema). An OCO's `trigger_price`/`limit_price` are
 * its target leg.
 */
export const gttCreateWith = <P extends z.ZodType<string, string>>(pin: P) =>
  z
    .object({
      kind: z.enum(GTT_KINDS, { error: 'Choose single or OCO.' }),
      symbol: z
        .string({ error: TM.symbolUnknown })
        .trim()
        .min(1, TM.symbolUnknown)
        .max(32, TM.symbolUnknown)
        .transform((v) => v.toUpperCase()),
      side: z.enum(['buy', 'sell'], { error: TM.sideInvalid }),
      quantity,
      ...leg,
      ...stopLeg,
      pin,
    })
    .superRefine((value, ctx) => {
      if (value.kind !== 'oco') return;
      if (value.side !== 'sell')
        ctx.addIssue({ code: 'custom', path: ['side'], message: GM.ocoSellOnly });
      if (value.stop_trigger_price === undefined || value.stop_limit_price === undefined)
        ctx.addIssue({ code: 'custom', path: ['stop_trigger_price'], message: GM.ocoNeedsStop });
    });
export const ZGttCreate = gttCreateWith(ZPinRequest.shape.pin);
export type TGttCreate = z.input<typeof ZGttCreate>;

/** PATCH /trade/app/v1/gtts/:id: new quantity and prices (what is omitted stays). */
export const ZGttEdit = z.object({
  quantity: quantity.optional(),
  trigger_price: leg.trigger_price.optional(),
  limit_price: leg.limit_price.optional(),
  ...stopLeg,
  pin: ZPinRequest.shape.pin,
});
export type TGttEdit = z.input<typeof ZGttEdit>;

export const ZGttListQuery = z.object({
  view: z.enum(['active', 'history', 'all']).default('all'),
});

const ZGttLeg = z.object({
  trigger_price_paise: paise,
  limit_price_paise: paise,
  /** waiting while the GTT is active; fired, or cancelled when the other leg fired. */
  status: z.enum(['waiting', 'fired', 'cancelled', 'expired']),
});

export const ZGtt = z.object({
  id: z.string(),
  kind: z.enum(GTT_KINDS),
  symbol: z.string(),
  name: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: z.number().int(),
  status: z.enum(GTT_STATUSES),
  /** Single: `target` is its one leg. OCO: the target (above) and the stop (below). */
  target: ZGttLeg,
  stop: ZGttLeg.nullable(),
  /** The last price when created or edited. */
  reference_price_paise: paise,
  triggered_at: z.string().nullable(),
  /** The limit order placed on firing, and why it was refused when it was. */
  order_id: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES).nullable(),
  reason: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TGtt = z.infer<typeof ZGtt>;

/** The holdings export's header row (GET /trade/app/v1/holdings/export). */
export const HOLDINGS_CSV_HEADER = [
  'Symbol',
  'Name',
  'ISIN',
  'Quantity',
  'Average cost (₹)',
  'Invested (₹)',
  'Last price (₹)',
  'Value (₹)',
  'Unrealised P&L (₹)',
] as const;

/** Rupees with 2 decimals and no grouping, for spreadsheets. */
export const csvRupees = (value: bigint | number) => {
  const p = BigInt(value);
  const sign = p < 0n ? '-' : '';
  const abs = p < 0n ? -p : p;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
