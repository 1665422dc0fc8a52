/**
 * Order updates for programs: every order event on the bus (placed, each status change, a
 * stop triggered and a modification, published after commit) reaches the client's ticker connections as Kite's order message
 * and, for an order an app placed, that app's postback URL. A modification reads as Kite's
 * status UPDATE, as its postbacks and order updates say. Started by the server only (a CLI
 * command opens no bus subscription).
 */
import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builtOnce } from '../../db/prepared.ts';
import type { Bus } from '../../platform/bus.ts';
import { transitionChannel } from '../../platform/transitions.ts';
import {
  ORDER_CHANGED_CHANNEL,
  ORDER_PLACED_CHANNEL,
  type TradingService,
} from '../trading/service.ts';
import type { Apps } from './apps.ts';
import type { KiteMarket } from './kite-market.ts';
import type { KiteOrderView, Postbacks } from './postbacks.ts';
import { connectOrders } from './tables.ts';
import type { Ticker } from './ticker.ts';
import { kiteOrderOf } from './wire.ts';

type Deps = {
  db: Db;
  bus: Pick<Bus, 'subscribe'>;
  trading: Pick<TradingService, 'orders'>;
  apps: Apps;
  market: KiteMarket;
  ticker: Ticker;
  postbacks: Postbacks;
  uidOf: (clientId: string) => Promise<string>;
  log?: ((message: string, error?: unknown) => void) | undefined;
};

type ConnectOrderRow = typeof connectOrders.$inferSelect;

const ON_MARKET = new Set(['market', 'limit', 'sl', 'sl_m']);

/** Every order event of the market reads the order's app link: built once (db/prepared.ts). */
const linksOf = builtOnce((executor) =>
  executor
    .select()
    .from(connectOrders)
    .where(sql`${connectOrders.orderId} = any(${sql.placeholder('orderIds')}::uuid[])`)
    .prepare('connect_order_links'),
);

export function startOrderUpdates(deps: Deps): () => void {
  const { db, trading, apps, market, ticker, postbacks } = deps;
  // The events a batch of fills publishes at once (decision 082) read their links in one query.
  const links = new DataLoader<string, ConnectOrderRow | null>(
    async (orderIds) => {
      const rows = await linksOf(db).execute({ orderIds: [...orderIds] });
      const linkOf = new Map(rows.map((row) => [row.orderId, row]));
      return orderIds.map((id) => linkOf.get(id) ?? null);
    },
    { cache: false, maxBatchSize: 256 },
  );

  async function announce(clientId: string, orderId: string, change?: string, api?: boolean) {
    // A placement says whether an app placed it: one placed in the app, for a client with no
    // ticker here, needs no read at all (most orders at the open).
    if (api === false && !ticker.listensTo(clientId)) return;
    const link = await links.load(orderId);
    // No app's order and no ticker of the client's here: nobody on this instance to tell (most
    // orders at the open, placed in the app by clients with no program), so the order itself
    // is not read.
    if (!link && !ticker.listensTo(clientId)) return;
    const order = await trading.orders.ofClient(clientId, orderId);
    if (!ON_MARKET.has(order.type)) return;
    const userId = await deps.uidOf(clientId);
    const view = kiteOrderOf(order, {
      instrumentToken: market.tokenOf(order.symbol),
      tag: link?.tag ?? null,
      appId: link?.appId ?? null,
      userId,
    }) as KiteOrderView;
    // Kite's word for a change that leaves the order open; a fill or cancel since says itself.
    if (change === 'modified' && order.status === 'awaiting') view.status = 'UPDATE';
    const app = link ? await apps.byId(link.appId) : null;
    const claimed =
      app && !app.disabled && app.postbackUrl ? await postbacks.claim(app, view, userId) : null;
    // After the claim: a ticker that hears the update knows this instance has decided.
    ticker.pushOrder(clientId, view);
    if (app && claimed) postbacks.sendNow(claimed, app);
  }

  const handle = (message: string) => {
    const event = JSON.parse(message) as {
      clientId?: string;
      id?: string;
      orderId?: string;
      change?: string;
      api?: boolean;
    };
    const orderId = event.orderId ?? event.id;
    if (event.clientId && orderId)
      announce(event.clientId, orderId, event.change, event.api).catch((error) =>
        deps.log?.('order update failed', error),
      );
  };
  const stops = [
    deps.bus.subscribe(ORDER_PLACED_CHANNEL, handle),
    deps.bus.subscribe(transitionChannel('order'), handle),
    deps.bus.subscribe(ORDER_CHANGED_CHANNEL, handle),
  ];
  return () => stops.forEach((stop) => stop());
}
