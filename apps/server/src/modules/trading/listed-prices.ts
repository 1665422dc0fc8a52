/**
 * The prices of an order that trades against the feed (market, limit, SL, SL-M), checked
 * against the instrument's live state: the tick size, today's band and the last price.
 */
import { formatPaise, TM } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { bandFor, type Market, tickOf } from '../market/service.ts';
import { freeShares } from './order-holds.ts';
import type { StopOrLimit } from './placement-deps.ts';

/** The instrument and its live state, for orders that trade against the feed. */
export async function listedState(
  engine: Market['engine'],
  tx: Executor,
  clientId: string,
  symbol: string,
) {
  const instrument = engine.instrument(symbol);
  const state = engine.state(symbol);
  if (!instrument || instrument.market !== 'NSE' || !state) {
    // Allotted IPO shares are held before the stock lists; they trade from the listing on.
    const held = await freeShares(tx, clientId, symbol);
    throw badRequest(held > 0 ? TM.notListed : TM.symbolUnknown);
  }
  return { instrument, state };
}
export type ListedState = Awaited<ReturnType<typeof listedState>>;

/**
 * The limit and trigger prices of a market, limit, SL or SL-M order, checked against the
 * tick size, today's band and (for a stop not yet triggered) the last price; and the price
 * its value and hold are counted at: the limit, else the trigger, else the last price.
 */
export function pricesOf(
  order: {
    type: StopOrLimit;
    side: 'buy' | 'sell';
    limit: bigint | null | undefined;
    trigger: bigint | null | undefined;
  },
  listed: ListedState,
  options: { triggered: boolean } = { triggered: false },
) {
  const { instrument, state } = listed;
  const tick = BigInt(tickOf(state));
  const band = bandFor(instrument, state);
  const last = BigInt(state.last);
  const inBand = (price: bigint) => {
    if (band && (price < BigInt(band.lower) || price > BigInt(band.upper)))
      throw badRequest(TM.priceOutsideBand(formatPaise(band.lower), formatPaise(band.upper)));
  };
  let limit: bigint | null = null;
  if (order.type === 'limit' || order.type === 'sl') {
    if (order.limit === undefined || order.limit === null) throw badRequest(TM.priceRequired);
    limit = order.limit;
    if (limit % tick !== 0n) throw badRequest(TM.priceOffTick(formatPaise(tick)));
    inBand(limit);
  }
  let trigger: bigint | null = null;
  if (order.type === 'sl' || order.type === 'sl_m') {
    if (order.trigger === undefined || order.trigger === null) throw badRequest(TM.triggerRequired);
    trigger = order.trigger;
    if (trigger % tick !== 0n) throw badRequest(TM.triggerOffTick(formatPaise(tick)));
    inBand(trigger);
    if (!options.triggered) {
      if (order.side === 'sell' && trigger >= last)
        throw badRequest(TM.sellTriggerAbove(formatPaise(last)));
      if (order.side === 'buy' && trigger <= last)
        throw badRequest(TM.buyTriggerBelow(formatPaise(last)));
    }
    if (limit !== null && order.side === 'sell' && limit > trigger)
      throw badRequest(TM.sellLimitAboveTrigger);
    if (limit !== null && order.side === 'buy' && limit < trigger)
      throw badRequest(TM.buyLimitBelowTrigger);
  }
  return { limit, trigger, reference: limit ?? trigger ?? last };
}
