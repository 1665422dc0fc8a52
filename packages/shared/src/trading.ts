/**
 * Trading (domain.md "Trading", docs/api-trading.md): offerings (institutional allocations,
 * OTC desk quotes, IPO issues), orders and their lifecycle, charges, holdings and the
 * portfolio. Money is integer paise; the charge calculator lives here so that the drawers'
 * live cost and the server's contract notes are the same arithmetic.
 */
import { z } from 'zod';
import { ZPageQuery } from './console.ts';
import { MIN_TRADE_AMOUNT } from './constants.ts';
import {
  formatPaise,
  PAISE_PER_RUPEE,
  paiseNumber,
  percentOf,
  readRupees,
  formatCount,
} from './money.ts';
import { requiredText, ZPinRequest } from './schemas.ts';

// ---------- Constants ----------

export const MIN_TRADE_PAISE = BigInt(MIN_TRADE_AMOUNT) * PAISE_PER_RUPEE;
/** SEBI's retail individual investor cap per IPO application. */
export const IPO_RETAIL_CAP_PAISE = 200_000n * PAISE_PER_RUPEE;
/** The exchange block-deal band since 7 Dec 2025: ±3% of the reference price. */
export const OTC_BAND_PCT = 3;
/** Working days from an IPO's close to its listing (SEBI T+3). */
export const IPO_LISTING_DAYS = 3;
/** Market buys hold this much above the last price, so a fill a little higher is covered. */
export const MARKET_BUY_BUFFER_PCT = 3;
/** What a market buy of `valuePaise` at the last price holds: the value and the buffer, up to the paisa. */
export const marketBuyHoldValue = (valuePaise: bigint) =>
  valuePaise + percentOf(valuePaise, MARKET_BUY_BUFFER_PCT, 'up');
export const MAX_ORDER_QUANTITY = 10_000_000;
export const TRADING_PAGE_DEFAULT = 20;
export const TRADING_PAGE_MAX = 100;

export const ORDER_TYPES = [
  'market',
  'limit',
  'sl',
  'sl_m',
  'institutional',
  'otc',
  'ipo',
] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type TOrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_STATUSES = [
  'awaiting',
  'filled',
  'partially_filled',
  'cancelled',
  'rejected',
  'expired',
] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The lifecycle as data: each step, the statuses it starts from and the one it ends in (the
 * server applies them). Every status but awaiting is final; a partial fill is final too (the
 * unfilled rest is released when it is recorded).
 */
export const ORDER_STEPS = {
  fill: { from: ['awaiting'], to: 'filled' },
  fill_partially: { from: ['awaiting'], to: 'partially_filled' },
  cancel: { from: ['awaiting'], to: 'cancelled' },
  reject: { from: ['awaiting'], to: 'rejected' },
  expire: { from: ['awaiting'], to: 'expired' },
} as const satisfies Record<string, { from: readonly TOrderStatus[]; to: TOrderStatus }>;
export type TOrderStep = keyof typeof ORDER_STEPS;

/** The same table by status: where each status may move. */
export const ORDER_TRANSITIONS = {} as Record<TOrderStatus, readonly TOrderStatus[]>;
for (const status of ORDER_STATUSES) {
  const steps: readonly { from: readonly TOrderStatus[]; to: TOrderStatus }[] =
    Object.values(ORDER_STEPS);
  ORDER_TRANSITIONS[status] = steps.filter((s) => s.from.includes(status)).map((s) => s.to);
}
export const canMoveOrder = (from: TOrderStatus, to: TOrderStatus) =>
  ORDER_TRANSITIONS[from].includes(to);

export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  awaiting: 'Awaiting',
  filled: 'Filled',
  partially_filled: 'Partially filled',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  expired: 'Expired',
};
export const ORDER_TYPE_LABELS: Record<TOrderType, string> = {
  market: 'Market',
  limit: 'Limit',
  sl: 'Stop-loss limit (SL)',
  sl_m: 'Stop-loss market (SL-M)',
  institutional: 'Institutional',
  otc: 'OTC block',
  ipo: 'IPO',
};

export const OFFERING_KINDS = ['institutional', 'otc', 'ipo'] as const;
export type TOfferingKind = (typeof OFFERING_KINDS)[number];
/** open: clients may order; closed: window over or closed by operations. */
export const OFFERING_STATUSES = ['open', 'closed'] as const;
export type TOfferingStatus = (typeof OFFERING_STATUSES)[number];
/** An IPO moves upcoming → open → closed → allotted → listed (or withdrawn before allotment). */
export const IPO_STATUSES = [
  'upcoming',
  'open',
  'closed',
  'allotted',
  'listed',
  'withdrawn',
] as const;
export type TIpoStatus = (typeof IPO_STATUSES)[number];

// ---------- Messages ----------

const rupees = (paise: bigint) => formatPaise(paise);

export const TM = {
  quantityRequired: 'Enter a quantity.',
  quantityInvalid: 'The quantity must be a whole number of shares.',
  quantityTooLarge: `The quantity cannot be more than ${formatCount(MAX_ORDER_QUANTITY)}.`,
  lotsRequired: 'Enter the number of lots.',
  lotsInvalid: 'Bid a whole number of lots, at least 1.',
  belowMinimum: `The minimum order value is ${rupees(MIN_TRADE_PAISE)}.`,
  aboveRetailCap: `A retail IPO bid cannot be more than ${rupees(IPO_RETAIL_CAP_PAISE)}. Bid fewer lots.`,
  priceRequired: 'Enter a limit price.',
  priceInvalid: 'Enter the price in rupees with at most 2 decimals.',
  priceOffTick: (tick: string) => `The price must be a multiple of the tick size ${tick}.`,
  priceOutsideBand: (lower: string, upper: string) =>
    `The price must be within today's band ${lower} – ${upper}.`,
  triggerRequired: 'Enter a trigger price.',
  triggerOffTick: (tick: string) =>
    `The trigger price must be a multiple of the tick size ${tick}.`,
  sellTriggerAbove: (last: string) =>
    `A sell stop-loss triggers when the price falls: the trigger must be below the last price ${last}.`,
  buyTriggerBelow: (last: string) =>
    `A buy stop-loss triggers when the price rises: the trigger must be above the last price ${last}.`,
  sellLimitAboveTrigger:
    'For a sell stop-loss the limit price must be at or below the trigger price.',
  buyLimitBelowTrigger:
    'For a buy stop-loss the limit price must be at or above the trigger price.',
  cannotModify: 'Only an awaiting limit or stop-loss order can be modified.',
  nothingToModify: 'Change the quantity, the price or the trigger price.',
  triggerAlreadyHit: 'This order has triggered: its trigger price can no longer change.',
  sideInvalid: 'Choose buy or sell.',
  typeInvalid: 'Choose the order type.',
  symbolRequired: 'Enter a stock symbol.',
  symbolUnknown: 'This stock is not traded here.',
  notListed: 'This stock is not listed yet.',
  offeringRequired: 'Choose an offering.',
  offeringNotFound: 'This offering was not found.',
  offeringClosed: 'This offering is closed.',
  offeringSideSell: 'The desk is buying this stock: sell to it from your holding.',
  beyondOffering: 'The quantity is more than what remains of this offering.',
  alreadyApplied: 'You have already applied to this IPO. Cancel that application to bid again.',
  insufficientCash: 'Your available cash does not cover this order and its charges.',
  insufficientHolding:
    'You cannot sell more shares than you hold and have not already put up for sale or pledged.',
  setPinToTrade: 'Set a PIN before trading.',
  kycRequired: 'Complete KYC verification before trading.',
  orderNotFound: 'This order was not found.',
  notAwaiting: (status: string) => `This order is already ${status.replace('_', ' ')}.`,
  cannotCancel: 'Only an awaiting order can be cancelled.',
  pledgeSaleNoCancel:
    'Operations placed this sale of pledged shares to repay your loan: it cannot be cancelled.',
  wrongDesk: 'This order is not handled by this desk action.',
  allocateTooMuch: 'You cannot allocate more than the client requested or than remains.',
  reasonRequired: 'Give the client a reason.',
  // Console offerings
  priceOutsideOtcBand: (lower: string, upper: string) =>
    `The desk price must be within ±3% of the reference price: ${lower} – ${upper}.`,
  windowInvalid: 'The window must end after it starts.',
  windowPast: 'The window must end in the future.',
  bandInvalid: 'The upper price of the band must be at least the lower price.',
  datesInvalid: 'The issue must close on or after it opens, and list on or after it closes.',
  symbolTaken: 'This symbol is already in use.',
  symbolInvalid: 'A symbol is 2 to 20 capital letters, digits, & or -.',
  nameRequired: 'Enter the company name.',
  lotSizeInvalid: 'The lot size must be a whole number of shares, at least 1.',
  sharesInvalid: 'The shares offered must be a whole number of lots.',
  ipoNotClosed: 'Bidding on this issue has not closed yet.',
  ipoNotOpen: 'This issue is not open for bids.',
  ipoAlreadyAllotted: 'This issue has already been allotted.',
  ipoNotAllotted: 'Run the allotment before listing.',
  ipoAlreadyListed: 'This issue has already listed.',
  ipoListingDate: (date: string) => `This issue lists on ${date}.`,
  chargesInvalid: 'Each rate is a percentage from 0 to 100 with at most 5 decimals.',
} as const;

export const TRADING_DONE = {
  orderPlaced: 'Order placed.',
  orderFilled: 'Order filled.',
  requestPlaced: 'Request placed. The amount is on hold until the desk allocates.',
  takePlaced: 'Taken. The desk will confirm within the quote’s validity.',
  bidPlaced: 'Bid placed. The amount is blocked until allotment.',
  orderCancelled: 'Order cancelled. Any amount on hold is available again.',
  orderModified: 'Order modified.',
  allocated: 'Allocation recorded.',
  confirmed: 'Trade confirmed.',
  rejected: 'Order rejected; the hold is released.',
  offeringCreated: 'Offering published.',
  offeringClosed: 'Offering closed.',
  allotted: 'Allotment done; refunds released.',
  listed: 'Issue listed; allotted shares are tradable.',
  chargesSaved: 'Charge schedule saved.',
} as const;

// ---------- Charges ----------

/**
 * An Indian equity delivery schedule. Rates are percentages written as decimal text (exact),
 * e.g. '0.00297' for NSE's exchange transaction charge.
 */
export const ZChargeSchedule = z.object({
  /** Brokerage: this percentage of the order value, capped at `brokerage_max_paise`. */
  brokerage_pct: z.string(),
  brokerage_max_paise: z.number().int().min(0),
  /** Securities transaction tax on delivery, both sides; rounded to the rupee. */
  stt_pct: z.string(),
  exchange_pct: z.string(),
  /** SEBI turnover fee: ₹10 per crore is 0.0001%. */
  sebi_pct: z.string(),
  /** Stamp duty, buy side only. */
  stamp_buy_pct: z.string(),
  /** GST on brokerage, the exchange charge, the SEBI fee and the DP charge. */
  gst_pct: z.string(),
  /** The depository (DP) charge: a flat amount per scrip per day on delivery sells, GST on top. */
  dp_charge_paise: z.number().int().min(0),
});
export type TChargeSchedule = z.infer<typeof ZChargeSchedule>;

export const DEFAULT_CHARGES: TChargeSchedule = {
  brokerage_pct: '0.1',
  brokerage_max_paise: 2000,
  stt_pct: '0.1',
  exchange_pct: '0.00297',
  sebi_pct: '0.0001',
  stamp_buy_pct: '0.015',
  gst_pct: '18',
  dp_charge_paise: 1350,
};

export type TCharges = {
  brokerage_paise: number;
  stt_paise: number;
  exchange_paise: number;
  sebi_paise: number;
  stamp_paise: number;
  /** The depository charge: once per scrip per day, on the first delivery sell. */
  dp_paise: number;
  gst_paise: number;
  total_paise: number;
  /**
   * What the client's VIP tier took off the brokerage (brokerage_paise is after it): shown on
   * the contract note, not a charge, so not in the total.
   */
  vip_discount_paise: number;
};
export const ZCharges = z.object({
  brokerage_paise: z.number().int(),
  stt_paise: z.number().int(),
  exchange_paise: z.number().int(),
  sebi_paise: z.number().int(),
  stamp_paise: z.number().int(),
  dp_paise: z.number().int(),
  gst_paise: z.number().int(),
  total_paise: z.number().int(),
  vip_discount_paise: z.number().int(),
});
export const NO_CHARGES: TCharges = {
  brokerage_paise: 0,
  stt_paise: 0,
  exchange_paise: 0,
  sebi_paise: 0,
  stamp_paise: 0,
  dp_paise: 0,
  gst_paise: 0,
  total_paise: 0,
  vip_discount_paise: 0,
};
/** Several charges added item by item (a multi-fill order's, a basket's). */
export function sumCharges(list: readonly TCharges[]): TCharges {
  const total = { ...NO_CHARGES };
  for (const c of list) for (const k of Object.keys(total) as (keyof TCharges)[]) total[k] += c[k];
  return total;
}
/** Charges stored before the DP charge existed read it as zero. */
export const chargesOf = (stored: unknown): TCharges => ({
  ...NO_CHARGES,
  ...(stored as Partial<TCharges>),
});

const RATE_PATTERN = /^\d{1,3}(?:\.\d{1,5})?$/;
export const isRate = (value: string) => RATE_PATTERN.test(value) && Number(value) <= 100;

/** A percentage text as an exact fraction numerator over 10^7 (5 decimals of a percent). */
function rateUnits(pct: string): bigint {
  if (!isRate(pct)) throw new Error(`Bad rate ${pct}`);
  const [whole, fraction = ''] = pct.split('.');
  return BigInt(whole!) * 100_000n + BigInt(fraction.padEnd(5, '0'));
}
const RATE_SCALE = 10_000_000n; // 100% × 10^5

/** value × rate, rounded half up to `unit` paise (1 for paise, 100 for whole rupees). */
function applyRate(value: bigint, pct: string, unit = 1n): bigint {
  const scaled = value * rateUnits(pct);
  const divisor = RATE_SCALE * unit;
  return ((scaled * 2n + divisor) / (divisor * 2n)) * unit;
}

/**
 * The charges on one delivery trade of `valuePaise`, itemised; IPO allotments carry none.
 * `dp`: this sell is the client's first of the scrip today, so it pays the DP charge.
 * `discountBps`: the client's VIP tier's brokerage discount, in basis points (after the cap).
 */
export function computeCharges(
  schedule: TChargeSchedule,
  side: TOrderSide,
  valuePaise: bigint | number,
  options: { dp?: boolean; discountBps?: number } = {},
): TCharges {
  const value = BigInt(valuePaise);
  if (value <= 0n) return { ...NO_CHARGES };
  const byRate = applyRate(value, schedule.brokerage_pct);
  const cap = BigInt(schedule.brokerage_max_paise);
  const listed = cap > 0n && byRate > cap ? cap : byRate;
  const bps = BigInt(Math.max(0, Math.min(10_000, Math.trunc(options.discountBps ?? 0))));
  // Rounded down: the client never gets more than the tier's share off.
  const discount = (listed * bps) / 10_000n;
  const brokerage = listed - discount;
  const stt = applyRate(value, schedule.stt_pct, 100n);
  const exchange = applyRate(value, schedule.exchange_pct);
  const sebi = applyRate(value, schedule.sebi_pct);
  const stamp = side === 'buy' ? applyRate(value, schedule.stamp_buy_pct) : 0n;
  const dp = side === 'sell' && options.dp ? BigInt(schedule.dp_charge_paise ?? 0) : 0n;
  const gst = applyRate(brokerage + exchange + sebi + dp, schedule.gst_pct);
  const total = brokerage + stt + exchange + sebi + stamp + dp + gst;
  return {
    brokerage_paise: paiseNumber(brokerage),
    stt_paise: paiseNumber(stt),
    exchange_paise: paiseNumber(exchange),
    sebi_paise: paiseNumber(sebi),
    stamp_paise: paiseNumber(stamp),
    dp_paise: paiseNumber(dp),
    gst_paise: paiseNumber(gst),
    total_paise: paiseNumber(total),
    vip_discount_paise: paiseNumber(discount),
  };
}

export const CHARGE_LABELS: Record<
  Exclude<keyof TCharges, 'total_paise' | 'vip_discount_paise'>,
  string
> = {
  brokerage_paise: 'Brokerage',
  stt_paise: 'STT',
  exchange_paise: 'Exchange transaction charge',
  sebi_paise: 'SEBI turnover fee',
  stamp_paise: 'Stamp duty',
  dp_paise: 'DP charge',
  gst_paise: 'GST',
};
export const VIP_DISCOUNT_LABEL = 'VIP brokerage discount (included in brokerage)';

/**
 * What a buy of `valuePaise` needs in cash: the value and its charges. A sell needs none; its
 * charges come out of the proceeds.
 */
export const buyCost = (schedule: TChargeSchedule, valuePaise: bigint) =>
  valuePaise + BigInt(computeCharges(schedule, 'buy', valuePaise).total_paise);

/**
 * What an order costs: its value, the charges on it and, for a buy, the cash it holds. The one
 * rule the ticket shows, placing and modifying hold, and a fill charges. A market-like order
 * (market, SL-M) fills at a price not known yet, so its hold carries the buffer over the value.
 * `holdValue` is the value the hold covers (the buffer included); the rest of `hold` is the
 * charges on it (the API's order margins itemise them).
 */
export function orderCost(
  schedule: TChargeSchedule,
  order: { side: TOrderSide; valuePaise: bigint; marketLike: boolean },
  options: { dp?: boolean; discountBps?: number } = {},
) {
  const { side, valuePaise, marketLike } = order;
  const charges = computeCharges(schedule, side, valuePaise, options);
  const holdValue =
    side === 'buy' ? (marketLike ? marketBuyHoldValue(valuePaise) : valuePaise) : 0n;
  const hold = side === 'buy' ? buyCost(schedule, holdValue) : 0n;
  return { value: valuePaise, charges, hold, holdValue };
}

/** The largest quantity at `pricePaise` whose value fits in `amountPaise` (charges apart). */
export const quantityForAmount = (amountPaise: bigint, pricePaise: bigint) =>
  pricePaise > 0n ? amountPaise / pricePaise : 0n;

// ---------- Requests (client) ----------

const pin = ZPinRequest.shape.pin;
const uuidOf = (message: string) => z.uuid({ error: message });

const quantity = z.coerce
  .number({ error: TM.quantityRequired })
  .refine((v) => Number.isInteger(v) && v >= 1, TM.quantityInvalid)
  .refine((v) => v <= MAX_ORDER_QUANTITY, TM.quantityTooLarge);

/** The largest price a request may carry: ₹99,99,99,999.99. */
const MAX_PRICE_PAISE = 99_999_999_999n;

/** A price in rupees (text or number, ≤ 2 decimals, more than zero) to paise (`readRupees`). */
export const rupeePrice = (requiredMessage: string) =>
  z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    const read = readRupees(value, { maxPaise: MAX_PRICE_PAISE });
    if (read.ok) return read.paise;
    ctx.addIssue({
      code: 'custom',
      message: read.problem === 'required' ? requiredMessage : TM.priceInvalid,
    });
    return z.NEVER;
  });

export const ZMarketOrderRequest = z.object({
  type: z.enum(['market', 'limit', 'sl', 'sl_m'], { error: TM.typeInvalid }),
  symbol: requiredText(TM.symbolUnknown)
    .max(32, TM.symbolUnknown)
    .transform((v) => v.toUpperCase()),
  side: z.enum(ORDER_SIDES, { error: TM.sideInvalid }),
  quantity,
  /** Required for limit and SL orders, ignored for market and SL-M orders. */
  limit_price: rupeePrice(TM.priceRequired).optional(),
  /** Required for SL and SL-M orders: the price at which the stop triggers. */
  trigger_price: rupeePrice(TM.triggerRequired).optional(),
  pin,
});
export const ZInstitutionalOrderRequest = z.object({
  type: z.literal('institutional'),
  offering_id: uuidOf(TM.offeringRequired),
  quantity,
  pin,
});
export const ZOtcOrderRequest = z.object({
  type: z.literal('otc'),
  offering_id: uuidOf(TM.offeringRequired),
  quantity,
  pin,
});
export const ZIpoOrderRequest = z.object({
  type: z.literal('ipo'),
  offering_id: uuidOf(TM.offeringRequired),
  lots: z.coerce
    .number({ error: TM.lotsRequired })
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 100_000, TM.lotsInvalid),
  pin,
});
/** POST /trade/app/v1/orders: one body per order type, told apart by `type`. */
export const ZOrderRequest = z.discriminatedUnion(
  'type',
  [ZMarketOrderRequest, ZInstitutionalOrderRequest, ZOtcOrderRequest, ZIpoOrderRequest],
  { error: TM.typeInvalid },
);
export type TOrderRequest = z.input<typeof ZOrderRequest>;

/**
 * POST /trade/app/v1/orders/:id/modify: an awaiting limit, SL or SL-M order's new quantity,
 * limit price or trigger price (what is omitted stays).
 */
export const ZOrderModifyRequest = z.object({
  quantity: quantity.optional(),
  limit_price: rupeePrice(TM.priceRequired).optional(),
  trigger_price: rupeePrice(TM.triggerRequired).optional(),
  pin,
});
export type TOrderModifyRequest = z.input<typeof ZOrderModifyRequest>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');
const tradingPage = {
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(TRADING_PAGE_MAX).default(TRADING_PAGE_DEFAULT),
};

/** `awaiting` lists open orders; `history` every order that reached a final status. */
export const ZOrderListQuery = z.object({
  ...tradingPage,
  view: z.enum(['awaiting', 'history', 'all']).default('all'),
  type: z.enum(ORDER_TYPES).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  side: z.enum(ORDER_SIDES).optional(),
  symbol: z.string().trim().max(32).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

export const ZDealsQuery = z.object({ kind: z.enum(OFFERING_KINDS).optional() });

// ---------- Requests (console) ----------

const consoleQuantity = z.coerce
  .number({ error: TM.quantityRequired })
  .refine((v) => Number.isInteger(v) && v >= 1 && v <= 1_000_000_000, TM.quantityInvalid);
const instant = z.iso.datetime({ offset: true, error: TM.windowInvalid });

export const ZAllocationCreate = z.object({
  symbol: requiredText(TM.symbolRequired).transform((v) => v.toUpperCase()),
  price: rupeePrice(TM.priceRequired),
  quantity: consoleQuantity,
  opens_at: instant,
  closes_at: instant,
  note: z.string().trim().max(300).optional(),
});
export type TAllocationCreate = z.input<typeof ZAllocationCreate>;

export const ZOtcQuoteCreate = z.object({
  symbol: requiredText(TM.symbolRequired).transform((v) => v.toUpperCase()),
  /** The client's side: buy means clients buy from the desk. */
  side: z.enum(ORDER_SIDES, { error: TM.sideInvalid }),
  price: rupeePrice(TM.priceRequired),
  quantity: consoleQuantity,
  valid_until: instant,
  note: z.string().trim().max(300).optional(),
});
export type TOtcQuoteCreate = z.input<typeof ZOtcQuoteCreate>;

export const ZIpoCreate = z.object({
  symbol: requiredText(TM.symbolInvalid)
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z0-9&-]{2,20}$/.test(v), TM.symbolInvalid),
  name: requiredText(TM.nameRequired).max(120),
  sector: z.string().trim().max(80).optional(),
  industry: z.string().trim().max(80).optional(),
  isin: z
    .string()
    .trim()
    .regex(/^IN[A-Z0-9]{9}\d$/, 'An ISIN is 12 characters starting with IN.')
    .optional(),
  price_low: rupeePrice(TM.priceRequired),
  price_high: rupeePrice(TM.priceRequired),
  lot_size: z.coerce
    .number({ error: TM.lotSizeInvalid })
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 1_000_000, TM.lotSizeInvalid),
  /** Shares offered to retail applicants here: a whole number of lots. */
  shares_offered: consoleQuantity,
  open_date: isoDay,
  close_date: isoDay,
  /** Defaults to T+3 working days after the close. */
  listing_date: isoDay.optional(),
  description: z.string().trim().max(2000).optional(),
});
export type TIpoCreate = z.input<typeof ZIpoCreate>;

export const ZAllotRequest = z.object({
  /** A recorded seed reproduces a lottery; omitted, the server draws one and records it. */
  seed: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{16,64}$/i, 'A seed is 16 to 64 hex digits.')
    .optional(),
});
export const ZAllocateRequest = z.object({
  quantity: z.coerce
    .number({ error: TM.quantityRequired })
    .refine((v) => Number.isInteger(v) && v >= 0, TM.quantityInvalid),
});
export const ZOrderRejectRequest = z.object({
  reason: requiredText(TM.reasonRequired).max(300),
});
export const ZDeskQueueQuery = ZPageQuery.extend({
  type: z.enum(ORDER_TYPES).optional(),
  status: z.enum([...ORDER_STATUSES, 'all']).default('awaiting'),
  offering_id: z.uuid().optional(),
  client_id: z.uuid().optional(),
});
export const ZOfferingListQuery = z.object({
  status: z.enum(['open', 'closed', 'all']).default('all'),
});
export const ZChargeScheduleUpdate = ZChargeSchedule.superRefine((value, ctx) => {
  for (const key of Object.keys(value) as (keyof TChargeSchedule)[]) {
    if (key === 'brokerage_max_paise' || key === 'dp_charge_paise') continue;
    if (!isRate(value[key]))
      ctx.addIssue({ code: 'custom', path: [key], message: TM.chargesInvalid });
  }
});

// ---------- Responses ----------

const paise = z.number().int();

export const ZInstitutionalOffering = z.object({
  kind: z.literal('institutional'),
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  price_paise: paise,
  /** The instrument's live price, for comparison. */
  market_price_paise: paise.nullable(),
  quantity: z.number().int(),
  /** Allocated so far; requests still awaiting are not counted. */
  allocated: z.number().int(),
  remaining: z.number().int(),
  opens_at: z.string(),
  closes_at: z.string(),
  status: z.enum(OFFERING_STATUSES),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TInstitutionalOffering = z.infer<typeof ZInstitutionalOffering>;

export const ZOtcQuote = z.object({
  kind: z.literal('otc'),
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  side: z.enum(ORDER_SIDES),
  price_paise: paise,
  reference_price_paise: paise,
  market_price_paise: paise.nullable(),
  quantity: z.number().int(),
  /** Taken by clients (awaiting or confirmed); what remains can still be taken. */
  taken: z.number().int(),
  remaining: z.number().int(),
  valid_until: z.string(),
  status: z.enum(OFFERING_STATUSES),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TOtcQuote = z.infer<typeof ZOtcQuote>;

export const ZIpoIssue = z.object({
  kind: z.literal('ipo'),
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  isin: z.string().nullable(),
  description: z.string().nullable(),
  price_low_paise: paise,
  price_high_paise: paise,
  lot_size: z.number().int(),
  /** The smallest bid allowed: min_lots lots at the upper price. */
  min_bid_paise: paise,
  /** The most lots a retail bid may hold: the ₹2,00,000 cap at the upper price. */
  max_lots: z.number().int(),
  /** The fewest lots that meet the ₹19,000 minimum order value. */
  min_lots: z.number().int(),
  shares_offered: z.number().int(),
  open_date: z.string(),
  close_date: z.string(),
  listing_date: z.string(),
  status: z.enum(IPO_STATUSES),
  applications: z.number().int(),
  lots_applied: z.number().int(),
  /** Lots applied ÷ lots offered. */
  subscription: z.number(),
  issue_price_paise: paise.nullable(),
  allotment_seed: z.string().nullable(),
  allotted_at: z.string().nullable(),
  listed_at: z.string().nullable(),
  created_at: z.string(),
});
export type TIpoIssue = z.infer<typeof ZIpoIssue>;

export const ZOffering = z.discriminatedUnion('kind', [
  ZInstitutionalOffering,
  ZOtcQuote,
  ZIpoIssue,
]);
export type TOffering = z.infer<typeof ZOffering>;

export const ZFill = z.object({
  id: z.string(),
  quantity: z.number().int(),
  price_paise: paise,
  value_paise: paise,
  charges: ZCharges,
  /** Buy: value + charges paid. Sell: value − charges received. */
  net_paise: paise,
  contract_note_no: z.string(),
  posting_id: z.string(),
  executed_at: z.string(),
});
export type TFill = z.infer<typeof ZFill>;

export const ZOrder = z.object({
  id: z.string(),
  type: z.enum(ORDER_TYPES),
  side: z.enum(ORDER_SIDES),
  symbol: z.string(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  quantity: z.number().int(),
  filled_quantity: z.number().int(),
  /** Limit price, offer price or IPO upper price; null for a market or SL-M order. */
  price_paise: paise.nullable(),
  /** SL and SL-M: the trigger price, and when the feed crossed it. */
  trigger_price_paise: paise.nullable(),
  triggered_at: z.string().nullable(),
  /** Volume-weighted price of the fills, or null before any fill. */
  average_price_paise: paise.nullable(),
  /** Cash still held for this order (buys), released when it ends. */
  hold_paise: paise,
  charges: ZCharges,
  offering_id: z.string().nullable(),
  /** IPO bids: the lots bid and the lot size. */
  lots: z.number().int().nullable(),
  lot_size: z.number().int().nullable(),
  reason: z.string().nullable(),
  valid_until: z.string().nullable(),
  /**
   * Who placed it when not the client in the app: `api` (one of their API apps; which one,
   * GET /client/app/v1/api-apps/orders), `gtt` (their trigger), `pledge_invocation` (the
   * lender selling pledged shares).
   */
  origin: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  fills: z.array(ZFill),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrdersPage = z.object({
  items: z.array(ZOrder),
  next_cursor: z.string().nullable(),
});
export type TOrdersPage = z.infer<typeof ZOrdersPage>;

export const ZContractNote = z.object({
  contract_note_no: z.string(),
  order_id: z.string(),
  client: z.object({ name: z.string(), uid: z.string() }),
  trade_date: z.string(),
  executed_at: z.string(),
  symbol: z.string(),
  name: z.string(),
  isin: z.string().nullable(),
  type: z.enum(ORDER_TYPES),
  side: z.enum(ORDER_SIDES),
  quantity: z.number().int(),
  price_paise: paise,
  value_paise: paise,
  charges: ZCharges,
  net_paise: paise,
  posting_id: z.string(),
  firm: z.string(),
});
export type TContractNote = z.infer<typeof ZContractNote>;

export const ZHolding = z.object({
  symbol: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  quantity: z.number().int(),
  /** Put up for sale by awaiting sell orders; the rest can be sold. */
  reserved: z.number().int(),
  /** Held in pledge for a loan: neither for sale nor for another pledge. */
  pledged: z.number().int(),
  average_cost_paise: paise,
  invested_paise: paise,
  /** Live price; the issue price for an allotted IPO that has not listed. */
  price_paise: paise,
  prev_close_paise: paise,
  current_value_paise: paise,
  unrealised_pnl_paise: paise,
  unrealised_pnl_pct: z.number(),
  day_pnl_paise: paise,
  realised_pnl_paise: paise,
  listed: z.boolean(),
  listing_date: z.string().nullable(),
});
export type THolding = z.infer<typeof ZHolding>;

export const ZPortfolio = z.object({
  summary: z.object({
    invested_paise: paise,
    current_value_paise: paise,
    unrealised_pnl_paise: paise,
    unrealised_pnl_pct: z.number(),
    day_pnl_paise: paise,
    realised_pnl_paise: paise,
    /** Realised + unrealised. */
    total_pnl_paise: paise,
    charges_paid_paise: paise,
    holdings: z.number().int(),
    awaiting_orders: z.number().int(),
    trades: z.number().int(),
  }),
  allocation: z.array(z.object({ sector: z.string(), value_paise: paise, weight_pct: z.number() })),
  holdings: z.array(ZHolding),
  /** Investment stats: money put in and taken out per month (Asia/Kolkata), oldest first. */
  months: z.array(
    z.object({
      month: z.string(),
      bought_paise: paise,
      sold_paise: paise,
      charges_paise: paise,
      realised_pnl_paise: paise,
      trades: z.number().int(),
    }),
  ),
  /** Stock stats: each stock ever traded, held or not. */
  stocks: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      bought_quantity: z.number().int(),
      sold_quantity: z.number().int(),
      bought_paise: paise,
      sold_paise: paise,
      charges_paise: paise,
      realised_pnl_paise: paise,
      unrealised_pnl_paise: paise,
      trades: z.number().int(),
    }),
  ),
  as_of: z.string(),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;

/** Console: an order with its client. */
export const ZDeskOrder = ZOrder.extend({
  client: z.object({ id: z.string(), name: z.string().nullable(), uid: z.string() }),
});
export type TDeskOrder = z.infer<typeof ZDeskOrder>;
export const ZDeskOrdersPage = z.object({
  items: z.array(ZDeskOrder),
  next_cursor: z.string().nullable(),
});

export const ZAllotmentResult = z.object({
  ipo_id: z.string(),
  seed: z.string(),
  method: z.enum(['full', 'lottery', 'proportional']),
  issue_price_paise: paise,
  lots_offered: z.number().int(),
  lots_applied: z.number().int(),
  applicants: z.number().int(),
  allotted_applicants: z.number().int(),
  lots_allotted: z.number().int(),
  refunded_paise: paise,
  allotments: z.array(
    z.object({
      order_id: z.string(),
      client_uid: z.string(),
      lots_applied: z.number().int(),
      lots_allotted: z.number().int(),
    }),
  ),
});
export type TAllotmentResult = z.infer<typeof ZAllotmentResult>;

export const ZInstrumentReference = z.object({
  symbol: z.string(),
  name: z.string(),
  price_paise: paise,
  prev_close_paise: paise,
  otc_lower_paise: paise,
  otc_upper_paise: paise,
});
export type TInstrumentReference = z.infer<typeof ZInstrumentReference>;
