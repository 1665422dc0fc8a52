/**
 * Placing orders — market and limit from stock detail, institutional requests, OTC takes and
 * IPO bids — and the client's cancel. Placing takes the cash (buys) or the shares (sells) at
 * once, in the transaction that writes the order; every limit is a guarded UPDATE, so
 * concurrent orders cannot overdraw, oversell a quote or sell shares twice.
 */
import type { TOrder } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { TogetherOutcome } from '../../platform/idempotency-together.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import { cancelOrder } from './cancel-order.ts';
import { modifyOrder, type TOrderModify } from './modify-order.ts';
import type { OrderInput } from './orders.ts';
import { placeOrder } from './place-order.ts';
import { createOrdersTogether, type OrderRequest } from './place-orders-together.ts';
import { placeTriggeredOrder } from './place-triggered-order.ts';
import type { Authorisation, PlacementDeps, StopOrLimit } from './placement-deps.ts';
import { previewOrderHold } from './preview-order-hold.ts';
import { sellPledgedShares } from './sell-pledged.ts';
import { sessionEnd } from './session-end.ts';

export { ORDER_CHANGED_CHANNEL, ORDER_PLACED_CHANNEL } from './place-order.ts';
export type { TOrderModify } from './modify-order.ts';
export type { ApiPlacement } from './placement-deps.ts';

type Options = Authorisation & { actor: Actor; transaction?: TransactionRunner };

export function createPlacement(deps: PlacementDeps) {
  const together = createOrdersTogether(deps);
  return {
    sessionEnd: (now: Date) => sessionEnd(deps.market.calendar, now),
    modify: (clientId: string, orderId: string, input: TOrderModify, options: Options) =>
      modifyOrder(deps, clientId, orderId, input, options),
    placeTriggered: (tx: Tx, input: Parameters<typeof placeTriggeredOrder>[2]) =>
      placeTriggeredOrder(deps, tx, input),
    holdOf: (clientId: string, input: Omit<Extract<OrderInput, { type: StopOrLimit }>, 'pin'>) =>
      previewOrderHold(deps, clientId, input),
    place: (clientId: string, input: OrderInput, options: Options): Promise<TOrder> =>
      placeOrder(deps, clientId, input, options),
    /**
     * An order that may be placed together with others waiting (group commit): its outcome
     * says whether it was, was refused, or is to run alone through `place`.
     */
    placeTogether: (request: OrderRequest): Promise<TogetherOutcome> => together.submit(request),
    /** Batches the orders' group commit has run, and the orders they took. */
    placementStats: () => together.stats(),
    sellPledged: (tx: Tx, input: Parameters<typeof sellPledgedShares>[2]) =>
      sellPledgedShares(deps, tx, input),
    cancel: (
      clientId: string,
      orderId: string,
      options: { actor: Actor; transaction?: TransactionRunner },
    ) => cancelOrder(deps, clientId, orderId, options),
  };
}
export type Placement = ReturnType<typeof createPlacement>;
