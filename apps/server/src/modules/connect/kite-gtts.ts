/**
 * GTT triggers on the Kite Connect v3 wire (`/gtt/triggers`). They are the app's own GTTs —
 * set, edited and deleted through the trading service with the API session standing in for
 * the PIN — so a GTT set through the API shows in the app and one set in the app shows here.
 * This module keeps only the wire's integer `trigger_id` of each and the app that set it.
 *
 * Kite's two-leg trigger lists its values low to high and its orders in the same order: the
 * stop (below the price) first, the target (above) second — our OCO's stop and target legs.
 * Only what our GTTs can be is offered: NSE, CNC, LIMIT legs; a two-leg GTT sells one quantity.
 */
import { eq, inArray } from 'drizzle-orm';
import { ConnectMessage, daysInMs, type TGtt, type TKiteGtt } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { GttInput, TradingService } from '../trading/service.ts';
import type { KiteMarket } from './kite-market.ts';
import type { ApiSession } from './sessions.ts';
import { connectGtts } from './tables.ts';
import { KiteError, kiteTime } from './wire.ts';

type Deps = {
  db: Db;
  clock: Clock;
  trading: Pick<TradingService, 'gtts'>;
  market: Pick<KiteMarket, 'tokenOf'>;
};

/** Kite lists active triggers and those in other states from the last 7 days. */
const HISTORY_DAYS = 7;

const KITE_STATUS: Record<TGtt['status'], string> = {
  active: 'active',
  triggered: 'triggered',
  cancelled: 'deleted',
  expired: 'expired',
};

const notOffered = (what: string) =>
  new KiteError('InputException', ConnectMessage.notOffered(what));
const noSuchTrigger = () => new KiteError('InputException', ConnectMessage.triggerNotFound);
const rupees = (paise: number | bigint) => Number(paise) / 100;

/** A posted GTT as the trading service takes it, or the reason it is not offered. */
export function gttInputOf(body: TKiteGtt): Omit<GttInput, 'pin'> {
  const { condition, orders } = body;
  if (condition.exchange !== 'NSE') throw notOffered(`Exchange ${condition.exchange}`);
  for (const o of orders) {
    if (o.product !== 'CNC') throw notOffered(`Product ${o.product}`);
    if (o.order_type !== 'LIMIT') throw notOffered(`Order type ${o.order_type}`);
    if (o.exchange && o.exchange !== condition.exchange)
      throw new KiteError('InputException', 'Invalid `orders`.');
  }
  const symbol = condition.tradingsymbol.toUpperCase();
  const [first, second] = orders;
  const side = first!.transaction_type === 'BUY' ? 'buy' : 'sell';
  if (body.type === 'single') {
    if (condition.trigger_values.length !== 1 || orders.length !== 1)
      throw new KiteError('InputException', 'Invalid `trigger_values` for a single trigger.');
    return {
      kind: 'single',
      symbol,
      side,
      quantity: first!.quantity,
      trigger_price: condition.trigger_values[0]!,
      limit_price: first!.price,
    };
  }
  if (condition.trigger_values.length !== 2 || orders.length !== 2)
    throw new KiteError('InputException', 'Invalid `trigger_values` for a two-leg trigger.');
  if (second!.transaction_type !== first!.transaction_type || second!.quantity !== first!.quantity)
    throw notOffered('A two-leg trigger with legs of different sides or quantities');
  const [low, high] = condition.trigger_values as [bigint, bigint];
  return {
    kind: 'oco',
    symbol,
    side,
    quantity: first!.quantity,
    trigger_price: high,
    limit_price: second!.price,
    stop_trigger_price: low,
    stop_limit_price: first!.price,
  };
}

export function createKiteGtts({ db, clock, trading, market }: Deps) {
  /** The wire's number of each GTT, given one the first time the API shows it. */
  async function numbersOf(gttIds: string[]) {
    if (gttIds.length === 0) return new Map<string, { triggerId: number; appId: string | null }>();
    await db
      .insert(connectGtts)
      .values(gttIds.map((gttId) => ({ gttId, createdAt: clock.now() })))
      .onConflictDoNothing({ target: connectGtts.gttId });
    const rows = await db.select().from(connectGtts).where(inArray(connectGtts.gttId, gttIds));
    return new Map(rows.map((r) => [r.gttId, { triggerId: r.triggerId, appId: r.appId }]));
  }

  async function gttIdOf(triggerId: string) {
    if (!/^\d{1,15}$/.test(triggerId)) throw noSuchTrigger();
    const [row] = await db
      .select({ gttId: connectGtts.gttId })
      .from(connectGtts)
      .where(eq(connectGtts.triggerId, Number(triggerId)));
    if (!row) throw noSuchTrigger();
    return row.gttId;
  }

  /** One of the client's GTTs by its wire number; another client's is not found. */
  async function own(session: ApiSession, triggerId: string) {
    const gttId = await gttIdOf(triggerId);
    try {
      return await trading.gtts.ofClient(session.client.id, gttId);
    } catch {
      throw noSuchTrigger();
    }
  }

  async function present(session: ApiSession, list: TGtt[]) {
    const numbers = await numbersOf(list.map((g) => g.id));
    return list.map((g) => kiteGttOf(g, numbers.get(g.id)!, session.client.uid, market.tokenOf));
  }

  return {
    async list(session: ApiSession) {
      const since = clock.now().getTime() - daysInMs(HISTORY_DAYS);
      const all = await trading.gtts.list(session.client.id, 'all');
      return present(
        session,
        all.filter((g) => g.status === 'active' || Date.parse(g.updated_at) >= since),
      );
    },

    async get(session: ApiSession, triggerId: string) {
      const [one] = await present(session, [await own(session, triggerId)]);
      return one;
    },

    async place(session: ApiSession, body: TKiteGtt, actor: Actor) {
      const input = gttInputOf(body);
      let triggerId = 0;
      await trading.gtts.create(
        session.client.id,
        { ...input, pin: '' },
        {
          actor,
          api: {
            appId: session.app.id,
            onSaved: async (tx, gttId) => {
              const [row] = await tx
                .insert(connectGtts)
                .values({ gttId, appId: session.app.id, createdAt: clock.now() })
                .returning({ triggerId: connectGtts.triggerId });
              triggerId = row!.triggerId;
            },
          },
        },
      );
      return { trigger_id: triggerId };
    },

    async modify(session: ApiSession, triggerId: string, body: TKiteGtt, actor: Actor) {
      const current = await own(session, triggerId);
      const input = gttInputOf(body);
      if ((input.kind === 'oco') !== (current.kind === 'oco')) throw notOffered('Changing `type`');
      if (input.symbol !== current.symbol) throw notOffered('Changing `tradingsymbol`');
      if (input.side !== current.side) throw notOffered('Changing `transaction_type`');
      await trading.gtts.edit(
        session.client.id,
        current.id,
        {
          quantity: input.quantity,
          trigger_price: input.trigger_price,
          limit_price: input.limit_price,
          stop_trigger_price: input.stop_trigger_price,
          stop_limit_price: input.stop_limit_price,
          pin: '',
        },
        { actor, api: { appId: session.app.id } },
      );
      return { trigger_id: Number(triggerId) };
    },

    async remove(session: ApiSession, triggerId: string, actor: Actor) {
      const current = await own(session, triggerId);
      await trading.gtts.remove(session.client.id, current.id, { actor });
      return { trigger_id: Number(triggerId) };
    },
  };
}
export type KiteGtts = ReturnType<typeof createKiteGtts>;

/** Our GTT as Kite's trigger object. */
export function kiteGttOf(
  g: TGtt,
  number: { triggerId: number; appId: string | null },
  userId: string,
  tokenOf: (symbol: string) => number,
) {
  const leg = (l: NonNullable<TGtt['stop']>) => ({
    exchange: 'NSE',
    tradingsymbol: g.symbol,
    product: 'CNC',
    order_type: 'LIMIT',
    transaction_type: g.side === 'buy' ? 'BUY' : 'SELL',
    quantity: g.quantity,
    price: rupees(l.limit_price_paise),
    result:
      l.status === 'fired'
        ? {
            account_id: userId,
            exchange: 'NSE',
            tradingsymbol: g.symbol,
            validity: 'DAY',
            product: 'CNC',
            order_type: 'LIMIT',
            transaction_type: g.side === 'buy' ? 'BUY' : 'SELL',
            quantity: g.quantity,
            price: rupees(l.limit_price_paise),
            meta: JSON.stringify({ app_id: number.appId ?? '', gtt: number.triggerId }),
            timestamp: kiteTime(g.triggered_at),
            triggered_at: rupees(l.trigger_price_paise),
            order_result: {
              status: g.order_id && g.order_status !== 'rejected' ? 'success' : 'failed',
              order_id: g.order_id ?? '',
              rejection_reason: g.reason ?? '',
            },
          }
        : null,
  });
  const legs = g.stop ? [leg(g.stop), leg(g.target)] : [leg(g.target)];
  const triggers = g.stop ? [g.stop, g.target] : [g.target];
  return {
    id: number.triggerId,
    user_id: userId,
    parent_trigger: null,
    type: g.kind === 'oco' ? 'two-leg' : 'single',
    created_at: kiteTime(g.created_at),
    updated_at: kiteTime(g.updated_at),
    expires_at: kiteTime(g.expires_at),
    status: KITE_STATUS[g.status],
    condition: {
      exchange: 'NSE',
      last_price: rupees(g.reference_price_paise),
      tradingsymbol: g.symbol,
      trigger_values: triggers.map((l) => rupees(l.trigger_price_paise)),
      instrument_token: tokenOf(g.symbol),
    },
    orders: legs,
    meta: g.status === 'active' ? {} : null,
  };
}
