import { and, eq, sql } from 'drizzle-orm';
import { MIN_TRADE_PAISE, type TChargeSchedule, TM, type TOrder } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import {
  afterCommit,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import { clientAccount } from '../ledger/service.ts';
import { listedState, pricesOf } from './listed-prices.ts';
import { buyHold, freeShares, holdCash, reserveShares } from './order-holds.ts';
import type { OrderRow } from './order-row.ts';
import { lockOrder } from './orders.ts';
import { ORDER_CHANGED_CHANNEL } from './place-order.ts';
import {
  apiDetails,
  type Authorisation,
  isStopOrLimit,
  type PlacementDeps,
} from './placement-deps.ts';
import { holdings, orders } from './tables.ts';
import { authorisedClient } from './trading-authorisation.ts';

export type TOrderModify = {
  quantity?: number | undefined;
  limit_price?: bigint | undefined;
  trigger_price?: bigint | undefined;
  pin: string;
};

/** The order as changed: its quantity, its value at the reference price, its new revision. */
type Change = { quantity: number; value: bigint; revision: number };

/**
 * Changes an awaiting limit, SL or SL-M order's quantity, limit or trigger. The order row is
 * locked first, so a fill racing the change settles either the old order (and the change is
 * refused: no longer awaiting) or the changed one; the hold or the reserved shares move by
 * the difference in the same transaction.
 */
export async function modifyOrder(
  deps: PlacementDeps,
  clientId: string,
  orderId: string,
  input: TOrderModify,
  options: Authorisation & { actor: Actor; transaction?: TransactionRunner },
): Promise<TOrder> {
  await authorisedClient(deps.clients, clientId, input.pin, options);
  if (
    input.quantity === undefined &&
    input.limit_price === undefined &&
    input.trigger_price === undefined
  )
    throw badRequest(TM.nothingToModify);
  const schedule = await deps.charges.current();
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const { current, type, triggered } = await modifiable(tx, orderId, clientId, input);
    const side = current.side as 'buy' | 'sell';
    const quantity = input.quantity ?? current.quantity;
    const listed = await listedState(deps.market.engine, tx, clientId, current.symbol);
    const { limit, trigger, reference } = pricesOf(
      {
        type,
        side,
        limit: input.limit_price ?? current.pricePaise,
        trigger: input.trigger_price ?? current.triggerPaise,
      },
      listed,
      { triggered },
    );
    const change: Change = {
      quantity,
      value: reference * BigInt(quantity),
      revision: current.revision + 1,
    };
    let hold = 0n;
    if (side === 'buy') hold = await moveHold(deps, tx, current, change, { limit, schedule });
    else await moveReservedShares(deps, tx, current, change);
    const changed = await writeChange(deps, tx, current, {
      ...change,
      pricePaise: limit,
      triggerPaise: trigger,
      holdPaise: hold,
    });
    await recordAudit(tx, options.actor, {
      action: 'order.modify',
      subjectType: 'order',
      subjectId: orderId,
      before: prices(current),
      after: { ...prices(changed), revision: change.revision, ...apiDetails(options.api) },
    });
    afterCommit(tx, () =>
      deps.events?.publish(
        ORDER_CHANGED_CHANNEL,
        JSON.stringify({ clientId, orderId, change: 'modified' }),
      ),
    );
    return deps.reads.viewOf(changed, tx);
  });
}

/** The client's awaiting, unfilled limit or stop order, locked; a hit trigger stays as it is. */
async function modifiable(tx: Tx, orderId: string, clientId: string, input: TOrderModify) {
  const current = await lockOrder(tx, orderId, clientId);
  if (!current) throw notFound(TM.orderNotFound);
  if (current.status !== 'awaiting') throw conflict(TM.notAwaiting(current.status));
  if (!isStopOrLimit(current.type) || current.filledQuantity > 0) throw badRequest(TM.cannotModify);
  const triggered = current.triggeredAt !== null;
  if (
    triggered &&
    input.trigger_price !== undefined &&
    input.trigger_price !== current.triggerPaise
  )
    throw badRequest(TM.triggerAlreadyHit);
  return { current, type: current.type, triggered };
}

/** A buy's hold moves by the difference: more is held, or the excess returns. */
async function moveHold(
  deps: PlacementDeps,
  tx: Tx,
  current: OrderRow,
  change: Change,
  pricing: { limit: bigint | null; schedule: TChargeSchedule },
): Promise<bigint> {
  const { quantity, value, revision } = change;
  const clientId = current.clientId;
  const orderId = current.id;
  if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
  const hold = buyHold(pricing.schedule, pricing.limit, value);
  const more = hold - current.holdPaise;
  const memo = `Modified buy of ${quantity} ${current.symbol}: amount on hold`;
  if (more > 0n)
    await holdCash(deps.ledger, tx, { clientId, orderId, amount: more, memo, revision });
  if (more < 0n)
    await deps.ledger.transfer(tx, {
      kind: 'order_release',
      clientId,
      memo,
      reference: `order:${orderId}`,
      idempotencyKey: `order:${orderId}:modify:${revision}`,
      from: clientAccount(clientId, 'cash_on_hold'),
      to: clientAccount(clientId, 'cash_available'),
      amount: -more,
    });
  return hold;
}

/** A sell's reserved shares follow its quantity, never beyond what is free to sell. */
async function moveReservedShares(deps: PlacementDeps, tx: Tx, current: OrderRow, change: Change) {
  const { quantity, value } = change;
  const { clientId, symbol } = current;
  // What the client could sell if this order were not there.
  const free = (await freeShares(tx, clientId, symbol)) + current.quantity;
  if (value < MIN_TRADE_PAISE && quantity !== free) throw badRequest(TM.belowMinimum);
  const more = quantity - current.quantity;
  if (more > 0) await reserveShares(deps.clock, tx, clientId, symbol, more);
  if (more < 0)
    await tx
      .update(holdings)
      .set({ reserved: sql`${holdings.reserved} - ${-more}`, updatedAt: deps.clock.now() })
      .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, symbol)));
}

async function writeChange(
  deps: PlacementDeps,
  tx: Tx,
  current: OrderRow,
  set: Pick<OrderRow, 'quantity' | 'pricePaise' | 'triggerPaise' | 'holdPaise' | 'revision'>,
): Promise<OrderRow> {
  const [changed] = await tx
    .update(orders)
    .set({
      quantity: set.quantity,
      pricePaise: set.pricePaise,
      triggerPaise: set.triggerPaise,
      holdPaise: set.holdPaise,
      revision: set.revision,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(orders.id, current.id), eq(orders.status, 'awaiting')))
    .returning();
  if (!changed) throw conflict(TM.notAwaiting(current.status));
  return changed;
}

const prices = (row: OrderRow) => ({
  quantity: row.quantity,
  pricePaise: row.pricePaise?.toString() ?? null,
  triggerPaise: row.triggerPaise?.toString() ?? null,
  holdPaise: row.holdPaise.toString(),
});
