import { randomUUID } from 'node:crypto';
import { MIN_TRADE_PAISE, type TChargeSchedule, TM } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClientRow } from '../clients/service.ts';
import { listedState, pricesOf } from './listed-prices.ts';
import { buyHold, freeShares, holdCash, reserveShares } from './order-holds.ts';
import { insertOrder, type OrderInput } from './orders.ts';
import type { PlacementDeps, StopOrLimit } from './placement-deps.ts';
import { sessionEnd } from './session-end.ts';

export type MarketOrderInput = Extract<OrderInput, { type: StopOrLimit }>;

/**
 * A market, limit, SL or SL-M order's prices checked against the instrument's live state, its
 * value at the reference price, and what a buy holds. A buy below the minimum is refused here;
 * a sell's minimum depends on the shares it leaves, read in its transaction.
 */
export async function marketOrderTerms(
  deps: Pick<PlacementDeps, 'market'>,
  executor: Executor,
  clientId: string,
  input: MarketOrderInput,
  schedule: TChargeSchedule,
) {
  const listed = await listedState(deps.market.engine, executor, clientId, input.symbol);
  const { limit, trigger, reference } = pricesOf(
    { type: input.type, side: input.side, limit: input.limit_price, trigger: input.trigger_price },
    listed,
  );
  const value = reference * BigInt(input.quantity);
  if (input.side === 'buy' && value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
  const hold = input.side === 'buy' ? buyHold(schedule, limit, value) : 0n;
  return { id: randomUUID(), limit, trigger, value, hold };
}
export type MarketOrderTerms = Awaited<ReturnType<typeof marketOrderTerms>>;

/** The order's row as placing writes it, on its terms. */
export function marketOrderRow(
  deps: Pick<PlacementDeps, 'clock' | 'market'>,
  clientId: string,
  input: MarketOrderInput,
  terms: MarketOrderTerms,
  origin: string | null,
) {
  const now = deps.clock.now();
  return {
    id: terms.id,
    clientId,
    type: input.type,
    side: input.side,
    symbol: input.symbol,
    quantity: input.quantity,
    pricePaise: terms.limit,
    triggerPaise: terms.trigger,
    holdPaise: terms.hold,
    origin,
    validUntil: sessionEnd(deps.market.calendar, now),
    createdAt: now,
    updatedAt: now,
  };
}

/** The memo of a buy's cash hold on the client's statement. */
export const holdMemo = (input: MarketOrderInput) =>
  `Buy ${input.quantity} ${input.symbol}: amount on hold`;

/** A market, limit, SL or SL-M order: a buy holds its cash, a sell reserves its shares. */
export async function placeMarketOrder(
  deps: PlacementDeps,
  tx: Tx,
  client: ClientRow,
  input: MarketOrderInput,
  schedule: TChargeSchedule,
  origin: string | null = null,
) {
  const terms = await marketOrderTerms(deps, tx, client.id, input, schedule);
  if (input.side === 'buy') {
    await holdCash(deps.ledger, tx, {
      clientId: client.id,
      orderId: terms.id,
      amount: terms.hold,
      memo: holdMemo(input),
    });
  } else {
    const free = await freeShares(tx, client.id, input.symbol);
    // A small remainder may always be sold off whole; otherwise the minimum applies.
    if (terms.value < MIN_TRADE_PAISE && input.quantity !== free) throw badRequest(TM.belowMinimum);
    await reserveShares(deps.clock, tx, client.id, input.symbol, input.quantity);
  }
  return insertOrder(tx, marketOrderRow(deps, client.id, input, terms, origin));
}
