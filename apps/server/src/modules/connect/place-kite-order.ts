/**
 * An order placed through the API: the app's own order path (trading's `place`, the API
 * session standing in for the PIN), with the placing app and its tag kept beside it in the
 * order's transaction.
 */
import type { TKiteOrder } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { type KiteOrdersDeps, refuseNotOffered } from './kite-orders-deps.ts';
import type { ApiSession } from './sessions.ts';
import { connectOrders } from './tables.ts';
import { KITE_TO_ORDER_TYPE } from './wire.ts';

export async function placeKiteOrder(
  deps: KiteOrdersDeps,
  session: ApiSession,
  variety: string,
  body: TKiteOrder,
  actor: Actor,
) {
  refuseNotOffered(variety, body);
  const type = KITE_TO_ORDER_TYPE[body.order_type];
  const tag = body.tag ?? null;
  const order = await deps.trading.orders.place(
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
            .values({ orderId, appId: session.app.id, tag, createdAt: deps.clock.now() });
        },
      },
    },
  );
  return { order_id: order.id };
}
