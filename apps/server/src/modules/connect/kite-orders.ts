/**
 * Orders on the Kite Connect v3 wire. They are the app's own orders — placed through the
 * trading service with the API session standing in for the PIN, so the same holds, ledger
 * postings and contract notes follow — and this module keeps only which app placed them, with
 * its tag. Delivery (CNC) regular DAY orders on NSE only; anything else is "not offered".
 */
import { inArray, sql } from 'drizzle-orm';
import {
  computeCharges,
  ConnectMessage,
  paiseToRupeeNumber,
  sumCharges,
  type TCharges,
  type TKiteMarginOrder,
  type TKiteModify,
  type TKiteOrder,
  type TOrder,
} from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { TradingService } from '../trading/service.ts';
import type { KiteMarket } from './kite-market.ts';
import type { ApiSession } from './sessions.ts';
import { connectOrders } from './tables.ts';
import {
  KITE_TO_ORDER_TYPE,
  KiteError,
  kiteOrderOf,
  kiteStatusOf,
  kiteTime,
  kiteTradesOf,
} from './wire.ts';

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

/** Modifications an order may take through the API (the exchanges' retail-algo rule). */
export const MODIFICATIONS_MAX = 25;

const ON_MARKET = ['market', 'limit', 'sl', 'sl_m'];

type Deps = {
  db: Db;
  clock: Clock;
  trading: Pick<TradingService, 'orders' | 'charges'>;
  market: KiteMarket;
};

const notOffered = (what: string) =>
  new KiteError('InputException', ConnectMessage.notOffered(what));

/** The settings of an order this API does not offer, refused before anything is held. */
export function refuseNotOffered(
  variety: string,
  order: Pick<TKiteOrder, 'product' | 'exchange' | 'validity'>,
) {
  if (variety !== 'regular') throw notOffered(`Variety ${variety}`);
  if (order.product !== 'CNC') throw notOffered(`Product ${order.product}`);
  if (order.exchange !== 'NSE') throw notOffered(`Exchange ${order.exchange}`);
  if (order.validity !== 'DAY') throw notOffered(`Validity ${order.validity}`);
}

const rupees = paiseToRupeeNumber;

/** Our itemised charges as Kite's `charges` object; `dp_charge` is ours (a sale's DP charge). */
function kiteCharges(c: TCharges) {
  return {
    transaction_tax: rupees(c.stt_paise),
    transaction_tax_type: 'stt',
    exchange_turnover_charge: rupees(c.exchange_paise),
    sebi_turnover_charge: rupees(c.sebi_paise),
    brokerage: rupees(c.brokerage_paise),
    stamp_duty: rupees(c.stamp_paise),
    dp_charge: rupees(c.dp_paise),
    gst: { igst: rupees(c.gst_paise), cgst: 0, sgst: 0, total: rupees(c.gst_paise) },
    total: rupees(c.total_paise),
  };
}

/** One order's margin in paise, before it is put on the wire. */
type MarginParts = {
  tradingsymbol: string;
  exchange: string;
  var: bigint;
  additional: bigint;
  total: bigint;
  charges: TCharges;
};

/**
 * A margin object on Kite's wire. Ours are delivery (CNC) equity orders paid in cash:
 * `leverage` 1, and no F&O or intraday parts (`span`, `exposure`, `option_premium`, `bo`,
 * `cash`, `pnl` 0).
 */
function kiteMargin(type: string, m: MarginParts) {
  return {
    type,
    tradingsymbol: m.tradingsymbol,
    exchange: m.exchange,
    span: 0,
    exposure: 0,
    option_premium: 0,
    additional: rupees(m.additional),
    bo: 0,
    cash: 0,
    var: rupees(m.var),
    pnl: { realised: 0, unrealised: 0 },
    leverage: 1,
    charges: kiteCharges(m.charges),
    total: rupees(m.total),
  };
}

export function createKiteOrders({ db, clock, trading, market }: Deps) {
  /** One order's margin in paise, from what placing it now would hold. */
  async function marginOf(session: ApiSession, order: TKiteMarginOrder): Promise<MarginParts> {
    refuseNotOffered(order.variety, { ...order, validity: 'DAY' });
    const type = KITE_TO_ORDER_TYPE[order.order_type];
    const symbol = order.tradingsymbol.toUpperCase();
    const buy = order.transaction_type === 'BUY';
    const cost = await trading.orders.holdOf(session.client.id, {
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
  async function marginsOf(session: ApiSession, list: TKiteMarginOrder[]) {
    const parts: MarginParts[] = [];
    for (const order of list) parts.push(await marginOf(session, order));
    return parts;
  }

  async function tagsOf(orderIds: string[]) {
    if (orderIds.length === 0) return new Map<string, { appId: string; tag: string | null }>();
    const rows = await db
      .select()
      .from(connectOrders)
      .where(inArray(connectOrders.orderId, orderIds));
    return new Map(rows.map((r) => [r.orderId, { appId: r.appId, tag: r.tag }]));
  }

  async function present(session: ApiSession, list: TOrder[]) {
    const tags = await tagsOf(list.map((o) => o.id));
    return list.map((o) =>
      kiteOrderOf(o, {
        instrumentToken: market.tokenOf(o.symbol),
        tag: tags.get(o.id)?.tag ?? null,
        appId: tags.get(o.id)?.appId ?? null,
        userId: session.client.uid,
      }),
    );
  }

  /** Today's orders that trade on the exchange (deals and IPO bids are the app's alone). */
  async function todays(clientId: string) {
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

  async function one(session: ApiSession, orderId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(orderId))
      throw new KiteError('InputException', "Couldn't find that `order_id`.");
    try {
      return await trading.orders.ofClient(session.client.id, orderId);
    } catch {
      throw new KiteError('InputException', "Couldn't find that `order_id`.");
    }
  }

  return {
    todaysOrders: (session: ApiSession) => todays(session.client.id),

    async list(session: ApiSession) {
      return present(session, await todays(session.client.id));
    },

    /** The order's states so far, oldest first: placed, triggered, and how it ended. */
    async history(session: ApiSession, orderId: string) {
      const order = await one(session, orderId);
      const [latest] = await present(session, [order]);
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
    },

    async trades(session: ApiSession) {
      const list = await todays(session.client.id);
      return list.flatMap((o) => kiteTradesOf(o, market.tokenOf(o.symbol)));
    },

    async orderTrades(session: ApiSession, orderId: string) {
      const order = await one(session, orderId);
      return kiteTradesOf(order, market.tokenOf(order.symbol));
    },

    async place(session: ApiSession, variety: string, body: TKiteOrder, actor: Actor) {
      refuseNotOffered(variety, body);
      const type = KITE_TO_ORDER_TYPE[body.order_type];
      const tag = body.tag ?? null;
      const order = await trading.orders.place(
        session.client.id,
        {
          type,
          symbol: body.tradingsymbol.toUpperCase(),
          side: body.transaction_type === 'BUY' ? 'buy' : 'sell',
          quantity: body.quantity,
          limit_price: type === 'limit' || type === 'sl' ? body.price : undefined,
          trigger_price: type === 'sl' || type === 'sl_m' ? body.trigger_price : undefined,
          pin: '',
        },
        {
          actor,
          api: {
            appId: session.app.id,
            tag,
            onPlaced: async (tx: Tx, orderId: string) => {
              await tx
                .insert(connectOrders)
                .values({ orderId, appId: session.app.id, tag, createdAt: clock.now() });
            },
          },
        },
      );
      return { order_id: order.id };
    },

    async modify(
      session: ApiSession,
      variety: string,
      orderId: string,
      body: TKiteModify,
      actor: Actor,
    ) {
      if (variety !== 'regular') throw notOffered(`Variety ${variety}`);
      if (body.validity && body.validity !== 'DAY') throw notOffered(`Validity ${body.validity}`);
      const current = await one(session, orderId);
      if (body.order_type && KITE_TO_ORDER_TYPE[body.order_type] !== current.type)
        throw notOffered('Changing `order_type`');
      // Counted first, in its own statement: a refused modification still counts, as on the
      // exchanges' side.
      const [counted] = await db
        .insert(connectOrders)
        .values({
          orderId,
          appId: session.app.id,
          tag: null,
          modifications: 1,
          createdAt: clock.now(),
        })
        .onConflictDoUpdate({
          target: connectOrders.orderId,
          set: { modifications: sql`${connectOrders.modifications} + 1` },
        })
        .returning({ n: connectOrders.modifications });
      if ((counted?.n ?? 0) > MODIFICATIONS_MAX)
        throw new KiteError(
          'OrderException',
          `Maximum allowed order modifications exceeded (${MODIFICATIONS_MAX}).`,
        );
      await trading.orders.modify(
        session.client.id,
        orderId,
        {
          quantity: body.quantity,
          limit_price: current.type === 'limit' || current.type === 'sl' ? body.price : undefined,
          trigger_price:
            current.type === 'sl' || current.type === 'sl_m' ? body.trigger_price : undefined,
          pin: '',
        },
        { actor, api: { appId: session.app.id, tag: null } },
      );
      return { order_id: orderId };
    },

    async cancel(session: ApiSession, variety: string, orderId: string, actor: Actor) {
      if (variety !== 'regular') throw notOffered(`Variety ${variety}`);
      await one(session, orderId);
      await trading.orders.cancel(session.client.id, orderId, { actor });
      return { order_id: orderId };
    },

    /**
     * What orders would hold (POST /margins/orders), each on its own as placing it now would
     * (trading's `holdOf`, the rule placing follows): a buy holds its value at placing's
     * reference price (`var`), a market or SL-M buy's buffer over it (`additional`) and the
     * charges on both, so `total` is the cash placing takes; a sell of a holding holds no cash.
     */
    async margins(session: ApiSession, list: TKiteMarginOrder[]) {
      return (await marginsOf(session, list)).map((m) => kiteMargin('equity', m));
    },

    /**
     * What a basket of orders would hold together (POST /margins/basket): `orders` are the
     * orders' margins exactly as `margins` answers them, `initial` their sum (Kite's total
     * object: no type, symbol or exchange) and `charges` the sum of their charges. `final`
     * (the margin after a spread or hedge benefit) equals `initial`: Kite nets F&O legs that
     * offset each other, but a cash delivery buy is paid in full whatever else is held or
     * bought, and a sell of held shares already needs no cash. So `consider_positions`
     * changes nothing (a sell of a holding holds 0 either way); the route only checks it.
     */
    async basketMargins(session: ApiSession, list: TKiteMarginOrder[]) {
      const parts = await marginsOf(session, list);
      const sum = (pick: (m: MarginParts) => bigint) => parts.reduce((a, m) => a + pick(m), 0n);
      const basket: MarginParts = {
        tradingsymbol: '',
        exchange: '',
        var: sum((m) => m.var),
        additional: sum((m) => m.additional),
        total: sum((m) => m.total),
        charges: sumCharges(parts.map((m) => m.charges)),
      };
      const initial = kiteMargin('', basket);
      return {
        initial,
        final: { ...initial },
        orders: parts.map((m) => kiteMargin('equity', m)),
        charges: initial.charges,
      };
    },

    /** What orders would cost (POST /charges/orders): our charge schedule on their value. */
    async charges(list: KiteChargeInput[]) {
      const schedule = await trading.charges.current();
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
    },
  };
}
export type KiteOrders = ReturnType<typeof createKiteOrders>;
