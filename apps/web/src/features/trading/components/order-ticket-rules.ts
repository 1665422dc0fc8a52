import {
  orderCost,
  MIN_TRADE_PAISE,
  TM,
  formatPaise,
  rupeePrice,
  rupeesToPaise,
  type TChargeSchedule,
  type TOrderSide,
  type TStockDetail,
} from '@sampada/shared';
import { wholeNumber } from './trade-form-parts';

export type TTicketType = 'market' | 'limit' | 'sl' | 'sl_m';
/** The types whose form has a limit price, and those with a trigger price. */
export const hasLimit = (type: TTicketType) => type === 'limit' || type === 'sl';
export const hasTrigger = (type: TTicketType) => type === 'sl' || type === 'sl_m';

const ZLimitPrice = rupeePrice(TM.priceRequired);
const ZTriggerPrice = rupeePrice(TM.triggerRequired);

export interface TTicketForm {
  type: TTicketType;
  side: TOrderSide;
  quantity: string | number;
  limit_price: string | number;
  trigger_price: string | number;
  pin: string;
}

/** A ticket's figures for the values typed: price, value, charges, hold, tick and band. */
export function ticketFigures(
  detail: TStockDetail,
  schedule: TChargeSchedule | undefined,
  { type, side, quantity, limit_price, trigger_price }: TTicketForm,
) {
  const lastPaise = rupeesToPaise(detail.price);
  const limit = hasLimit(type) ? ZLimitPrice.safeParse(limit_price) : null;
  const trigger = hasTrigger(type) ? ZTriggerPrice.safeParse(trigger_price) : null;
  const triggerPaise = trigger?.success ? trigger.data : null;
  // What the order is counted at, as the server does: the limit, else the trigger, else the last price.
  const pricePaise = hasLimit(type)
    ? limit?.success
      ? limit.data
      : null
    : type === 'sl_m'
      ? triggerPaise
      : lastPaise;
  const n = wholeNumber(quantity);
  const value = n && pricePaise ? BigInt(n) * pricePaise : 0n;
  // The server's own rule for charges and the hold (a market buy's value is at the last price).
  const cost = schedule
    ? orderCost(schedule, {
        side,
        valuePaise: value,
        marketLike: type === 'market' || type === 'sl_m',
      })
    : null;
  const charges = cost?.charges ?? null;
  const hold = cost?.hold ?? null;
  const tickPaise = rupeesToPaise(detail.tick_size);
  const band =
    detail.lower_band !== null && detail.upper_band !== null
      ? {
          lower: rupeesToPaise(detail.lower_band),
          upper: rupeesToPaise(detail.upper_band),
        }
      : null;
  return {
    type,
    side,
    n,
    pricePaise,
    triggerPaise,
    lastPaise,
    value,
    charges,
    hold,
    tickPaise,
    band,
  };
}

/**
 * The checks after the schema's: a limit price on the tick and inside the band; the minimum
 * order value, the shares held (`sellable`, once known) and the cash a buy puts on hold.
 */
export function ticketProblems(
  figures: ReturnType<typeof ticketFigures>,
  { available, sellable }: { available: number | undefined; sellable: number | undefined },
) {
  const { type, side, n, pricePaise, triggerPaise, lastPaise, value, hold, tickPaise, band } =
    figures;
  let limit_price: string | null = null;
  if (hasLimit(type) && pricePaise) {
    if (tickPaise > 0n && pricePaise % tickPaise !== 0n)
      limit_price = TM.priceOffTick(formatPaise(tickPaise));
    else if (band && (pricePaise < band.lower || pricePaise > band.upper))
      limit_price = TM.priceOutsideBand(formatPaise(band.lower), formatPaise(band.upper));
  }
  // The stop checks the server makes (TM.sellTriggerAbove and the rest), before it is asked.
  let trigger_price: string | null = null;
  if (hasTrigger(type) && triggerPaise) {
    if (tickPaise > 0n && triggerPaise % tickPaise !== 0n)
      trigger_price = TM.triggerOffTick(formatPaise(tickPaise));
    else if (side === 'sell' && triggerPaise >= lastPaise)
      trigger_price = TM.sellTriggerAbove(formatPaise(lastPaise));
    else if (side === 'buy' && triggerPaise <= lastPaise)
      trigger_price = TM.buyTriggerBelow(formatPaise(lastPaise));
    else if (type === 'sl' && pricePaise && side === 'sell' && pricePaise > triggerPaise)
      limit_price ??= TM.sellLimitAboveTrigger;
    else if (type === 'sl' && pricePaise && side === 'buy' && pricePaise < triggerPaise)
      limit_price ??= TM.buyLimitBelowTrigger;
  }
  let quantity: string | null = null;
  if (n) {
    // The minimum applies to buys, and to sells except one that sells everything left.
    const wholeRest = side === 'sell' && n === sellable;
    if (pricePaise && value < MIN_TRADE_PAISE && !wholeRest) quantity = TM.belowMinimum;
    else if (side === 'sell' && sellable !== undefined && n > sellable)
      quantity = TM.insufficientHolding;
    else if (
      side === 'buy' &&
      hold !== null &&
      available !== undefined &&
      pricePaise &&
      hold > BigInt(available)
    )
      quantity = TM.insufficientCash;
  }
  return { limit_price, trigger_price, quantity };
}
