/**
 * Orders on the Kite Connect v3 wire. They are the app's own orders — placed through the
 * trading service with the API session standing in for the PIN, so the same holds, ledger
 * postings and contract notes follow — and this module keeps only which app placed them, with
 * its tag. Delivery (CNC) regular DAY orders on NSE only; anything else is "not offered".
 * Each use case is its own file; this is their wiring.
 */
import type { TKiteMarginOrder, TKiteModify, TKiteOrder } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { cancelKiteOrder, modifyKiteOrder } from './change-kite-order.ts';
import {
  type KiteChargeInput,
  kiteBasketMargins,
  kiteOrderCharges,
  kiteOrderMargins,
} from './kite-order-margins.ts';
import {
  kiteOrderHistory,
  kiteOrderTrades,
  kiteTrades,
  presentKiteOrders,
  todaysOrders,
} from './kite-order-reads.ts';
import type { KiteOrdersDeps } from './kite-orders-deps.ts';
import { placeKiteOrder } from './place-kite-order.ts';
import type { ApiSession } from './sessions.ts';

export type { KiteChargeInput } from './kite-order-margins.ts';

export function createKiteOrders(deps: KiteOrdersDeps) {
  return {
    todaysOrders: (session: ApiSession) => todaysOrders(deps, session.client.id),
    list: async (session: ApiSession) =>
      presentKiteOrders(deps, session, await todaysOrders(deps, session.client.id)),
    history: (session: ApiSession, orderId: string) => kiteOrderHistory(deps, session, orderId),
    trades: (session: ApiSession) => kiteTrades(deps, session),
    orderTrades: (session: ApiSession, orderId: string) => kiteOrderTrades(deps, session, orderId),
    place: (session: ApiSession, variety: string, body: TKiteOrder, actor: Actor) =>
      placeKiteOrder(deps, session, variety, body, actor),
    modify: (
      session: ApiSession,
      variety: string,
      orderId: string,
      body: TKiteModify,
      actor: Actor,
    ) => modifyKiteOrder(deps, session, variety, orderId, body, actor),
    cancel: (session: ApiSession, variety: string, orderId: string, actor: Actor) =>
      cancelKiteOrder(deps, session, variety, orderId, actor),
    /** What orders would hold (POST /margins/orders), each as placing it now would. */
    margins: (session: ApiSession, list: TKiteMarginOrder[]) =>
      kiteOrderMargins(deps, session, list),
    /** What a basket of orders would hold together (POST /margins/basket). */
    basketMargins: (session: ApiSession, list: TKiteMarginOrder[]) =>
      kiteBasketMargins(deps, session, list),
    /** What orders would cost (POST /charges/orders): our charge schedule on their value. */
    charges: (list: KiteChargeInput[]) => kiteOrderCharges(deps, list),
  };
}
export type KiteOrders = ReturnType<typeof createKiteOrders>;
