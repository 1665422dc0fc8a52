import { randomUUID } from 'node:crypto';
import { MIN_TRADE_PAISE, type TChargeSchedule, TM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClientRow } from '../clients/service.ts';
import { listedState, pricesOf } from './listed-prices.ts';
import { buyHold, freeShares, holdCash, reserveShares } from './order-holds.ts';
import { insertOrder, type OrderInput } from './orders.ts';
import type { PlacementDeps, StopOrLimit } from './placement-deps.ts';
import { sessionEnd } from './session-end.ts';

/** A market, limit, SL or SL-M order: a buy holds its cash, a sell reserves its shares. */
export async function placeMarketOrder(
  deps: PlacementDeps,
  tx: Tx,
  client: ClientRow,
  input: Extract<OrderInput, { type: StopOrLimit }>,
  schedule: TChargeSchedule,
  origin: string | null = null,
) {
  const { clock } = deps;
  const listed = await listedState(deps.market.engine, tx, client.id, input.symbol);
  const { limit, trigger, reference } = pricesOf(
    {
      type: input.type,
      side: input.side,
      limit: input.limit_price,
      trigger: input.trigger_price,
    },
    listed,
  );
  const value = reference * BigInt(input.quantity);
  const id = randomUUID();
  let hold = 0n;
  if (input.side === 'buy') {
    if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
    hold = buyHold(schedule, limit, value);
    await holdCash(deps.ledger, tx, {
      clientId: client.id,
      orderId: id,
      amount: hold,
      memo: `Buy ${input.quantity} ${input.symbol}: amount on hold`,
    });
  } else {
    const free = await freeShares(tx, client.id, input.symbol);
    // A small remainder may always be sold off whole; otherwise the minimum applies.
    if (value < MIN_TRADE_PAISE && input.quantity !== free) throw badRequest(TM.belowMinimum);
    await reserveShares(clock, tx, client.id, input.symbol, input.quantity);
  }
  return insertOrder(tx, {
    id,
    clientId: client.id,
    type: input.type,
    side: input.side,
    symbol: input.symbol,
    quantity: input.quantity,
    pricePaise: limit,
    triggerPaise: trigger,
    holdPaise: hold,
    origin,
    validUntil: sessionEnd(deps.market.calendar, clock.now()),
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
}
