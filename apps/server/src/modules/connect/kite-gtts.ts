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
import { ConnectMessage, daysInMs, type TGtt, type TKiteGtt } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import type { GttInput } from '../trading/service.ts';
import { type KiteGttDeps, ownGtt, presentGtts } from './kite-gtt-numbers.ts';
import type { ApiSession } from './sessions.ts';
import { connectGtts } from './tables.ts';
import { KiteError } from './wire.ts';

export { kiteGttOf } from './kite-gtt-wire.ts';

/** Kite lists active triggers and those in other states from the last 7 days. */
const HISTORY_DAYS = 7;

const notOffered = (what: string) =>
  new KiteError('InputException', ConnectMessage.notOffered(what));

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

export function createKiteGtts(deps: KiteGttDeps) {
  const { clock, trading } = deps;
  const own = (session: ApiSession, triggerId: string) => ownGtt(deps, session, triggerId);
  const present = (session: ApiSession, list: TGtt[]) => presentGtts(deps, session, list);

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
