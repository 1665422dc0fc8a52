/** Rows to the API's shapes (packages/shared/src/trading.ts). */
import {
  chargesOf,
  divideRounded,
  IPO_RETAIL_CAP_PAISE,
  MIN_TRADE_PAISE,
  paiseNumber,
  ratio,
  sumCharges,
  type TFill,
  type TNoticeDetail,
  type TInstitutionalOffering,
  type TIpoIssue,
  type TIpoStatus,
  type TOrder,
  type TOrderSide,
  type TOrderStatus,
  type TOrderType,
  type TOtcQuote,
} from '@sampada/shared';
import type { OrderRow } from './execution.ts';
import type { fills, gtts, institutionalAllocations, ipoIssues, otcQuotes } from './tables.ts';

export type FillRow = typeof fills.$inferSelect;
export type AllocationRow = typeof institutionalAllocations.$inferSelect;
export type QuoteRow = typeof otcQuotes.$inferSelect;
export type IpoRow = typeof ipoIssues.$inferSelect;
export type InstrumentInfo = { name: string; sector: string | null; pricePaise: bigint | null };

export function fillView(row: FillRow): TFill {
  const charges = chargesOf(row.charges);
  const value = row.valuePaise;
  const net = row.side === 'buy' ? value + row.chargesPaise : value - row.chargesPaise;
  return {
    id: String(row.id),
    quantity: row.quantity,
    price_paise: paiseNumber(row.pricePaise),
    value_paise: paiseNumber(value),
    charges,
    net_paise: paiseNumber(net),
    contract_note_no: row.contractNoteNo,
    posting_id: String(row.postingId),
    executed_at: row.executedAt.toISOString(),
  };
}

/** The volume-weighted price of an order's fills, or null before any. */
const averagePricePaise = (row: OrderRow): number | null =>
  row.filledQuantity > 0
    ? paiseNumber(divideRounded(row.filledValuePaise, BigInt(row.filledQuantity)))
    : null;

/** What a step of an order tells the client (decision 056): "Bought 10 INFY at ₹1,502.35". */
export const orderNotice = (row: OrderRow): TNoticeDetail =>
  row.type === 'ipo' ? ipoNotice(row) : tradeNotice(row);

const tradeNotice = (row: OrderRow): TNoticeDetail => ({
  type: 'order',
  symbol: row.symbol,
  side: row.side as TOrderSide,
  quantity: row.quantity,
  filled_quantity: row.filledQuantity,
  average_price_paise: averagePricePaise(row),
  reason: row.reason,
});

/**
 * What an IPO application's allotment tells: lots allotted of those applied for at the issue
 * price, and the refund. Its hold was lots × lot size × the upper price, with no charges
 * (fill-order.ts), and the allotment is at the upper price, so the refund is that hold less what
 * the allotted shares cost — all of it when none were allotted.
 */
const ipoNotice = (row: OrderRow): TNoticeDetail => {
  const lotSize = row.lotSize ?? 1;
  const pricePaise = row.pricePaise ?? 0n;
  const blocked = pricePaise * BigInt(row.quantity);
  return {
    type: 'ipo',
    symbol: row.symbol,
    lots_applied: row.lots ?? Math.floor(row.quantity / lotSize),
    lots_allotted: Math.floor(row.filledQuantity / lotSize),
    shares_allotted: row.filledQuantity,
    price_paise: paiseNumber(pricePaise),
    refund_paise: paiseNumber(blocked - row.filledValuePaise),
  };
};

/** What a GTT's trigger or expiry tells: the order it places (or would have). */
export const gttNotice = (row: typeof gtts.$inferSelect): TNoticeDetail => ({
  type: 'order',
  symbol: row.symbol,
  side: row.side as TOrderSide,
  quantity: row.quantity,
  filled_quantity: 0,
  average_price_paise: null,
  reason: null,
});

export function orderView(row: OrderRow, name: string, fillRows: FillRow[]): TOrder {
  const fillViews = fillRows.map(fillView);
  return {
    id: row.id,
    type: row.type as TOrderType,
    side: row.side as TOrderSide,
    symbol: row.symbol,
    name,
    status: row.status as TOrderStatus,
    quantity: row.quantity,
    filled_quantity: row.filledQuantity,
    price_paise: row.pricePaise === null ? null : paiseNumber(row.pricePaise),
    trigger_price_paise: row.triggerPaise === null ? null : paiseNumber(row.triggerPaise),
    triggered_at: row.triggeredAt?.toISOString() ?? null,
    average_price_paise: averagePricePaise(row),
    hold_paise: paiseNumber(row.holdPaise),
    charges: sumCharges(fillViews.map((f) => f.charges)),
    offering_id: row.offeringId,
    lots: row.lots,
    lot_size: row.lotSize,
    reason: row.reason,
    valid_until: row.validUntil?.toISOString() ?? null,
    origin: row.origin,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    fills: fillViews,
  };
}

export const allocationOpen = (row: AllocationRow, now: Date) =>
  !row.closedAt && row.opensAt <= now && now < row.closesAt && row.allocated < row.quantity;

export function allocationView(
  row: AllocationRow,
  info: InstrumentInfo,
  now: Date,
): TInstitutionalOffering {
  return {
    kind: 'institutional',
    id: row.id,
    symbol: row.symbol,
    name: info.name,
    sector: info.sector,
    price_paise: paiseNumber(row.pricePaise),
    market_price_paise: info.pricePaise === null ? null : paiseNumber(info.pricePaise),
    quantity: row.quantity,
    allocated: row.allocated,
    remaining: row.quantity - row.allocated,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    status: allocationOpen(row, now) ? 'open' : 'closed',
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

export const quoteOpen = (row: QuoteRow, now: Date) =>
  !row.closedAt && now < row.validUntil && row.taken < row.quantity;

export function quoteView(row: QuoteRow, info: InstrumentInfo, now: Date): TOtcQuote {
  return {
    kind: 'otc',
    id: row.id,
    symbol: row.symbol,
    name: info.name,
    sector: info.sector,
    side: row.side as TOrderSide,
    price_paise: paiseNumber(row.pricePaise),
    reference_price_paise: paiseNumber(row.referencePricePaise),
    market_price_paise: info.pricePaise === null ? null : paiseNumber(info.pricePaise),
    quantity: row.quantity,
    taken: row.taken,
    remaining: row.quantity - row.taken,
    valid_until: row.validUntil.toISOString(),
    status: quoteOpen(row, now) ? 'open' : 'closed',
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

/** Where an issue stands on `today` (an IST date). */
export function ipoStatus(row: IpoRow, today: string): TIpoStatus {
  if (row.listedAt) return 'listed';
  if (row.allottedAt) return 'allotted';
  if (row.withdrawnAt) return 'withdrawn';
  if (row.closedAt || today > row.closeDate) return 'closed';
  if (today >= row.openDate) return 'open';
  return 'upcoming';
}

/** The lots a retail bid may hold: at least the ₹19,000 minimum, at most the ₹2,00,000 cap. */
export function lotLimits(row: Pick<IpoRow, 'lotSize' | 'priceHighPaise'>) {
  const lotValue = row.priceHighPaise * BigInt(row.lotSize);
  const minLots = Number((MIN_TRADE_PAISE + lotValue - 1n) / lotValue);
  const maxLots = Number(IPO_RETAIL_CAP_PAISE / lotValue);
  return { lotValue, minLots: Math.max(1, minLots), maxLots };
}

export function ipoView(
  row: IpoRow,
  today: string,
  demand: { applications: number; lots: number },
): TIpoIssue {
  const { lotValue, minLots, maxLots } = lotLimits(row);
  const lotsOffered = Math.floor(row.sharesOffered / row.lotSize);
  return {
    kind: 'ipo',
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    sector: row.sector,
    industry: row.industry,
    isin: row.isin,
    description: row.description,
    price_low_paise: paiseNumber(row.priceLowPaise),
    price_high_paise: paiseNumber(row.priceHighPaise),
    lot_size: row.lotSize,
    // The smallest bid the form accepts: min_lots lots, not one (issue 20).
    min_bid_paise: paiseNumber(lotValue * BigInt(minLots)),
    max_lots: maxLots,
    min_lots: minLots,
    shares_offered: row.sharesOffered,
    open_date: row.openDate,
    close_date: row.closeDate,
    listing_date: row.listingDate,
    status: ipoStatus(row, today),
    applications: demand.applications,
    lots_applied: demand.lots,
    subscription: ratio(demand.lots, lotsOffered),
    issue_price_paise: row.issuePricePaise === null ? null : paiseNumber(row.issuePricePaise),
    allotment_seed: row.allotmentSeed,
    allotted_at: row.allottedAt?.toISOString() ?? null,
    listed_at: row.listedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
