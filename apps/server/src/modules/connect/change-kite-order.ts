/**
 * Modifying and cancelling an API order: regular DAY orders only, the order type kept, and at
 * most MODIFICATIONS_MAX modifications (the exchanges' retail-algo rule).
 */
import { sql } from 'drizzle-orm';
import type { TKiteModify } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { oneKiteOrder } from './kite-order-reads.ts';
import { type KiteOrdersDeps, notOffered } from './kite-orders-deps.ts';
import type { ApiSession } from './sessions.ts';
import { connectOrders } from './tables.ts';
import { KITE_TO_ORDER_TYPE, KiteError } from './wire.ts';

/** Modifications an order may take through the API (the exchanges' retail-algo rule). */
export const MODIFICATIONS_MAX = 25;

/** Counted first, in its own statement: a refused modification still counts, as on the exchanges' side. */
async function countModification(deps: KiteOrdersDeps, session: ApiSession, orderId: string) {
  const [counted] = await deps.db
    .insert(connectOrders)
    .values({
      orderId,
      appId: session.app.id,
      tag: null,
      modifications: 1,
      createdAt: deps.clock.now(),
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
}

export async function modifyKiteOrder(
  deps: KiteOrdersDeps,
  session: ApiSession,
  variety: string,
  orderId: string,
  body: TKiteModify,
  actor: Actor,
) {
  if (variety !== 'regular') throw notOffered(`Variety ${variety}`);
  if (body.validity && body.validity !== 'DAY') throw notOffered(`Validity ${body.validity}`);
  const current = await oneKiteOrder(deps, session, orderId);
  if (body.order_type && KITE_TO_ORDER_TYPE[body.order_type] !== current.type)
    throw notOffered('Changing `order_type`');
  await countModification(deps, session, orderId);
  await deps.trading.orders.modify(
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
}

export async function cancelKiteOrder(
  deps: KiteOrdersDeps,
  session: ApiSession,
  variety: string,
  orderId: string,
  actor: Actor,
) {
  if (variety !== 'regular') throw notOffered(`Variety ${variety}`);
  await oneKiteOrder(deps, session, orderId);
  await deps.trading.orders.cancel(session.client.id, orderId, { actor });
  return { order_id: orderId };
}
