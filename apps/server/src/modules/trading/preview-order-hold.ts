import { computeCharges, orderCost } from '@sampada/shared';
import { listedState, pricesOf } from './listed-prices.ts';
import type { OrderInput } from './orders.ts';
import type { PlacementDeps, StopOrLimit } from './placement-deps.ts';

/**
 * What placing this market, limit or stop order now would hold, without placing it (the
 * API's order margins): the same symbol and price checks, the same reference price and
 * the same `orderCost` as placing. A sell holds shares, not cash; its charges (the DP
 * charge if it would be the scrip's first sale today) come out of the proceeds.
 */
export async function previewOrderHold(
  deps: PlacementDeps,
  clientId: string,
  input: Omit<Extract<OrderInput, { type: StopOrLimit }>, 'pin'>,
) {
  const { db } = deps;
  const schedule = await deps.charges.current();
  const listed = await listedState(deps.market.engine, db, clientId, input.symbol);
  const { limit, reference } = pricesOf(
    {
      type: input.type,
      side: input.side,
      limit: input.limit_price,
      trigger: input.trigger_price,
    },
    listed,
  );
  const value = reference * BigInt(input.quantity);
  const marketLike = limit === null;
  if (input.side === 'sell') {
    const dp = !(await deps.execution.paidDpToday(db, clientId, input.symbol));
    const cost = orderCost(schedule, { side: 'sell', valuePaise: value, marketLike }, { dp });
    return { ...cost, price: reference };
  }
  const cost = orderCost(schedule, { side: 'buy', valuePaise: value, marketLike });
  // The charges the hold carries: those on the value it covers, the buffer included.
  const holdCharges = computeCharges(schedule, 'buy', cost.holdValue);
  return { ...cost, charges: holdCharges, price: reference };
}
