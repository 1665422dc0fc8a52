import { randomUUID } from 'node:crypto';
import { MIN_TRADE_PAISE, type TChargeSchedule, TM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { listedState, pricesOf } from './listed-prices.ts';
import { buyHold, freeShares, holdCash, reserveShares } from './order-holds.ts';
import { orderDetails, type OrderRow } from './order-row.ts';
import { insertOrder } from './orders.ts';
import type { PlacementDeps } from './placement-deps.ts';
import { sessionEnd } from './session-end.ts';

type TriggeredInput = {
  clientId: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  limitPaise: bigint;
  actor: Actor;
};

/**
 * A GTT's limit order, placed when it fires, in the caller's transaction: the checks and the
 * hold of a limit order the client places (their PIN was asked when they set the GTT). When
 * a check refuses it — too little cash now, shares sold meanwhile, a price outside today's
 * band — the order is still written, then rejected at once with that reason, so the client
 * sees why. Only the hold runs in a savepoint: a short balance aborts what it runs in.
 */
export async function placeTriggeredOrder(
  deps: PlacementDeps,
  tx: Tx,
  input: TriggeredInput,
): Promise<OrderRow> {
  const { clientId, symbol, side, quantity } = input;
  const { clock } = deps;
  // In the caller's transaction: a second connection held while it waits could starve the pool.
  const schedule = await deps.charges.current(tx);
  const id = randomUUID();
  let hold = 0n;
  let refusal: string | null = null;
  try {
    hold = await takeForTriggered(deps, tx, input, { id, schedule });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refusal = error.message;
    hold = 0n;
  }
  const row = await insertOrder(tx, {
    id,
    clientId,
    type: 'limit',
    side,
    symbol,
    quantity,
    pricePaise: input.limitPaise,
    holdPaise: hold,
    origin: 'gtt',
    validUntil: sessionEnd(deps.market.calendar, clock.now()),
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  await recordAudit(tx, input.actor, {
    action: 'order.place',
    subjectType: 'order',
    subjectId: id,
    after: { ...orderDetails(row), origin: 'gtt', refused: refusal },
  });
  // A refused order reserved no shares and holds no cash: rejected with nothing to return.
  return refusal === null
    ? row
    : deps.execution.release(tx, row, 'rejected', refusal, undefined, true);
}

/** A limit order's checks, then its cash held (in a savepoint) or its shares reserved. */
async function takeForTriggered(
  deps: PlacementDeps,
  tx: Tx,
  input: TriggeredInput,
  order: { id: string; schedule: TChargeSchedule },
): Promise<bigint> {
  const { clientId, symbol, side, quantity } = input;
  const listed = await listedState(deps.market.engine, tx, clientId, symbol);
  const { limit } = pricesOf(
    { type: 'limit', side, limit: input.limitPaise, trigger: null },
    listed,
  );
  const value = limit! * BigInt(quantity);
  if (side === 'buy') {
    if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
    const hold = buyHold(order.schedule, limit, value);
    await tx.transaction((inner) =>
      holdCash(deps.ledger, inner as unknown as Tx, {
        clientId,
        orderId: order.id,
        amount: hold,
        memo: `GTT buy of ${quantity} ${symbol}: amount on hold`,
      }),
    );
    return hold;
  }
  const free = await freeShares(tx, clientId, symbol);
  if (value < MIN_TRADE_PAISE && quantity !== free) throw badRequest(TM.belowMinimum);
  await reserveShares(deps.clock, tx, clientId, symbol, quantity);
  return 0n;
}
