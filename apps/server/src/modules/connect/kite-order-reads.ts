/** The client's orders and trades as Kite answers them, each tagged with the app that placed it. */
import { inArray } from 'drizzle-orm';
import type { TOrder } from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import type { KiteOrdersDeps } from './kite-orders-deps.ts';
import type { ApiSession } from './sessions.ts';
import { connectOrders } from './tables.ts';
import { KiteError, kiteOrderOf, kiteStatusOf, kiteTime, kiteTradesOf } from './wire.ts';

const ON_MARKET = ['market', 'limit', 'sl', 'sl_m'];

async function tagsOf(deps: KiteOrdersDeps, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, { appId: string; tag: string | null }>();
  const rows = await deps.db
    .select()
    .from(connectOrders)
    .where(inArray(connectOrders.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, { appId: r.appId, tag: r.tag }]));
}

export async function presentKiteOrders(deps: KiteOrdersDeps, session: ApiSession, list: TOrder[]) {
  const tags = await tagsOf(
    deps,
    list.map((o) => o.id),
  );
  return list.map((o) =>
    kiteOrderOf(o, {
      instrumentToken: deps.market.tokenOf(o.symbol),
      tag: tags.get(o.id)?.tag ?? null,
      appId: tags.get(o.id)?.appId ?? null,
      userId: session.client.uid,
    }),
  );
}

/** Today's orders that trade on the exchange (deals and IPO bids are the app's alone). */
export async function todaysOrders(deps: KiteOrdersDeps, clientId: string) {
  const { clock, trading } = deps;
  const today = istDateOf(clock.now());
  const page = await trading.orders.list({
    clientId,
    from: today,
    to: today,
    limit: 2000,
    order: 'oldest',
  });
  return trading.orders.views(page.items.filter((o) => ON_MARKET.includes(o.type)));
}

/** One of the session's client's orders; any miss is Kite's "couldn't find". */
export async function oneKiteOrder(deps: KiteOrdersDeps, session: ApiSession, orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId))
    throw new KiteError('InputException', "Couldn't find that `order_id`.");
  try {
    return await deps.trading.orders.ofClient(session.client.id, orderId);
  } catch {
    throw new KiteError('InputException', "Couldn't find that `order_id`.");
  }
}

/** The order's states so far, oldest first: placed, triggered, and how it ended. */
export async function kiteOrderHistory(deps: KiteOrdersDeps, session: ApiSession, orderId: string) {
  const order = await oneKiteOrder(deps, session, orderId);
  const [latest] = await presentKiteOrders(deps, session, [order]);
  const states = [];
  const placed = kiteStatusOf({ ...order, status: 'awaiting', triggered_at: null });
  states.push({
    ...latest!,
    status: placed,
    order_timestamp: kiteTime(order.created_at),
    filled_quantity: 0,
    pending_quantity: order.quantity,
    average_price: 0,
  });
  if (order.triggered_at && placed === 'TRIGGER PENDING')
    states.push({ ...latest!, status: 'OPEN', order_timestamp: kiteTime(order.triggered_at) });
  if (order.status !== 'awaiting') states.push(latest!);
  else states[states.length - 1] = latest!;
  return states;
}

export async function kiteTrades(deps: KiteOrdersDeps, session: ApiSession) {
  const list = await todaysOrders(deps, session.client.id);
  return list.flatMap((o) => kiteTradesOf(o, deps.market.tokenOf(o.symbol)));
}

export async function kiteOrderTrades(deps: KiteOrdersDeps, session: ApiSession, orderId: string) {
  const order = await oneKiteOrder(deps, session, orderId);
  return kiteTradesOf(order, deps.market.tokenOf(order.symbol));
}
