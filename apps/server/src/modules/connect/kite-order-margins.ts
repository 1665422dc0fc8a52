/**
 * What orders would hold and cost (POST /margins/orders, /margins/basket, /charges/orders),
 * each on its own as placing it now would (trading's `holdOf`, the rule placing follows).
 */
import { computeCharges, type TKiteMarginOrder } from '@sampada/shared';
import { basketParts, kiteCharges, kiteMargin, type MarginParts } from './kite-margin-wire.ts';
import { type KiteOrdersDeps, refuseNotOffered } from './kite-orders-deps.ts';
import type { ApiSession } from './sessions.ts';
import { KITE_TO_ORDER_TYPE } from './wire.ts';

/** An order as the charges calculator takes it (JSON, loosely typed). */
export type KiteChargeInput = {
  transaction_type?: string;
  tradingsymbol?: string;
  exchange?: string;
  quantity?: number;
  average_price?: number;
  price?: number;
  order_type?: string;
  product?: string;
  variety?: string;
};

/** One order's margin in paise, from what placing it now would hold. */
async function marginOf(
  deps: KiteOrdersDeps,
  session: ApiSession,
  order: TKiteMarginOrder,
): Promise<MarginParts> {
  refuseNotOffered(order.variety, { ...order, validity: 'DAY' });
  const type = KITE_TO_ORDER_TYPE[order.order_type];
  const symbol = order.tradingsymbol.toUpperCase();
  const buy = order.transaction_type === 'BUY';
  const cost = await deps.trading.orders.holdOf(session.client.id, {
    type,
    symbol,
    side: buy ? 'buy' : 'sell',
    quantity: order.quantity,
    limit_price: type === 'limit' || type === 'sl' ? order.price : undefined,
    trigger_price: type === 'sl' || type === 'sl_m' ? order.trigger_price : undefined,
  });
  return {
    tradingsymbol: symbol,
    exchange: 'NSE',
    var: buy ? cost.value : 0n,
    additional: buy ? cost.holdValue - cost.value : 0n,
    total: cost.hold,
    charges: cost.charges,
  };
}

/** Each order's margin, in the order given; the first refusal refuses them all. */
async function marginsOf(deps: KiteOrdersDeps, session: ApiSession, list: TKiteMarginOrder[]) {
  const parts: MarginParts[] = [];
  for (const order of list) parts.push(await marginOf(deps, session, order));
  return parts;
}

/**
 * A buy holds its value at placing's reference price (`var`), a market or SL-M buy's buffer
 * over it (`additional`) and the charges on both, so `total` is the cash placing takes; a
 * sell of a holding holds no cash.
 */
export async function kiteOrderMargins(
  deps: KiteOrdersDeps,
  session: ApiSession,
  list: TKiteMarginOrder[],
) {
  return (await marginsOf(deps, session, list)).map((m) => kiteMargin('equity', m));
}

/**
 * `orders` are the orders' margins exactly as `margins` answers them, `initial` their sum
 * (Kite's total object: no type, symbol or exchange) and `charges` the sum of their charges.
 * `final` (the margin after a spread or hedge benefit) equals `initial`: Kite nets F&O legs
 * that offset each other, but a cash delivery buy is paid in full whatever else is held or
 * bought, and a sell of held shares already needs no cash. So `consider_positions` changes
 * nothing (a sell of a holding holds 0 either way); the route only checks it.
 */
export async function kiteBasketMargins(
  deps: KiteOrdersDeps,
  session: ApiSession,
  list: TKiteMarginOrder[],
) {
  const parts = await marginsOf(deps, session, list);
  const initial = kiteMargin('', basketParts(parts));
  return {
    initial,
    final: { ...initial },
    orders: parts.map((m) => kiteMargin('equity', m)),
    charges: initial.charges,
  };
}

/** What orders would cost: our charge schedule on their value. */
export async function kiteOrderCharges(deps: KiteOrdersDeps, list: KiteChargeInput[]) {
  const schedule = await deps.trading.charges.current();
  return list.map((o) => {
    const price = Number(o.average_price ?? o.price ?? 0);
    const quantity = Number(o.quantity ?? 0);
    const side = o.transaction_type === 'SELL' ? 'sell' : 'buy';
    const value = Math.round(price * 100) * quantity;
    return {
      transaction_type: o.transaction_type,
      tradingsymbol: o.tradingsymbol,
      exchange: o.exchange ?? 'NSE',
      variety: o.variety ?? 'regular',
      product: o.product ?? 'CNC',
      order_type: o.order_type ?? 'MARKET',
      quantity,
      price,
      charges: kiteCharges(computeCharges(schedule, side, value)),
    };
  });
}
