import type { TChargeSchedule, TOrder } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, type AuditEntry, recordAudit } from '../../platform/audit.ts';
import {
  afterCommit,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import { orderDetails, type OrderRow } from './order-row.ts';
import type { OrderInput } from './orders.ts';
import { placeMarketOrder } from './place-market-order.ts';
import { placeInstitutional, placeIpo, placeOtc } from './place-offering-order.ts';
import {
  type ApiPlacement,
  apiDetails,
  type Authorisation,
  type PlacementDeps,
} from './placement-deps.ts';
import { authorisedClient } from './trading-authorisation.ts';

/**
 * The channel of placed orders: `{ clientId, orderId, type, api }` — `api` whether a client's
 * API app placed it (listeners that serve only apps' orders need not read it otherwise).
 */
export const ORDER_PLACED_CHANNEL = 'trading:order-placed';
/**
 * The channel of an awaiting order's changes that are not status transitions: a stop that
 * triggered, an order modified — `{ clientId, orderId, change: 'triggered' | 'modified' }`,
 * published after commit (programs hear every change of an order, not only its statuses).
 */
export const ORDER_CHANGED_CHANNEL = 'trading:order-changed';

/** A placed order's event, published once its transaction commits. */
export function announcePlaced(
  deps: Pick<PlacementDeps, 'events'>,
  tx: Tx,
  placed: OrderRow,
  api: ApiPlacement | undefined,
) {
  afterCommit(tx, () => publishPlaced(deps, placed, api));
}

/** A placed order's event, for a placement already committed (a batch sent as one statement). */
export function publishPlaced(
  deps: Pick<PlacementDeps, 'events'>,
  placed: OrderRow,
  api: ApiPlacement | undefined,
) {
  const { clientId, id: orderId, type } = placed;
  deps.events?.publish(
    ORDER_PLACED_CHANNEL,
    JSON.stringify({ clientId, orderId, type, api: !!api }),
  );
}

/** The audit trail's record of a placed order. */
export const placedAudit = (placed: OrderRow, api: ApiPlacement | undefined): AuditEntry => ({
  action: 'order.place',
  subjectType: 'order',
  subjectId: placed.id,
  after: { ...orderDetails(placed), status: placed.status, ...apiDetails(api) },
});

/** A client's order of any type: written with its hold, announced after commit and audited. */
export async function placeOrder(
  deps: PlacementDeps,
  clientId: string,
  input: OrderInput,
  options: Authorisation & { actor: Actor; transaction?: TransactionRunner },
): Promise<TOrder> {
  const client = await authorisedClient(deps.clients, clientId, input.pin, options);
  const schedule = await deps.charges.current();
  const transaction = options.transaction ?? plainTransaction(deps.db);
  const row = await transaction(async (tx) => {
    const placed = await placeByType(deps, tx, client, input, {
      schedule,
      origin: options.api ? 'api' : null,
    });
    announcePlaced(deps, tx, placed, options.api);
    await recordAudit(tx, options.actor, placedAudit(placed, options.api));
    await options.api?.onPlaced?.(tx, placed.id);
    return deps.reads.viewOf(placed, tx);
  });
  return row;
}

function placeByType(
  deps: PlacementDeps,
  tx: Tx,
  client: ClientRow,
  input: OrderInput,
  how: { schedule: TChargeSchedule; origin: string | null },
): Promise<OrderRow> {
  switch (input.type) {
    case 'institutional':
      return placeInstitutional(deps, tx, client, input, how.schedule);
    case 'otc':
      return placeOtc(deps, tx, client, input, how.schedule);
    case 'ipo':
      return placeIpo(deps, tx, client, input);
    default:
      return placeMarketOrder(deps, tx, client, input, how.schedule, how.origin);
  }
}
