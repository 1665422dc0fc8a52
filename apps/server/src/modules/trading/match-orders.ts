import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TChargeSchedule } from '@sampada/shared';
import { AppError } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { InsufficientBalance } from '../ledger/service.ts';
import { executablePrice, stopCrossed } from './executable-price.ts';
import { ORDER_CHANGED_CHANNEL } from './place-order.ts';
import type { MatcherDeps } from './matcher-deps.ts';
import type { OrderRow } from './order-row.ts';
import { orders } from './tables.ts';

/**
 * Fills run in this many lanes at once. At the open, thousands of market orders wait for the
 * same print, and one fill after another took 30 s to decide 2,000 of them while each fill's
 * dozen statements waited on the busy event loop in turn. A client's orders always share a
 * lane, so one client's fills never race each other for the client's cash, holdings and
 * row (a sell locks its holding before the ledger, a buy after: two at once could deadlock);
 * three lanes leave most of the pool's ten connections to the requests.
 */
export const FILL_LANES = 3;

/** The lane of a client's orders: any stable spread of clients over the lanes does. */
export const fillLaneOf = (clientId: string) =>
  Number.parseInt(clientId.slice(-4), 16) % FILL_LANES;

/** Fills what can fill among awaiting market and limit orders of `symbols` (all if omitted). */
export async function matchOrders(deps: MatcherDeps, symbols?: string[]): Promise<number> {
  const { db, clock, market, charges } = deps;
  if (market.calendar.sessionAt(clock.now()).session !== 'open') return 0;
  // A GTT that fires places a limit order; it waits for the next print, as any order does.
  if (deps.gtts)
    await deps.gtts.check(symbols).catch((error) => deps.log?.('GTT check failed', error));
  const conditions = [
    eq(orders.status, 'awaiting'),
    inArray(orders.type, ['market', 'limit', 'sl', 'sl_m']),
  ];
  if (symbols) {
    if (symbols.length === 0) return 0;
    conditions.push(inArray(orders.symbol, symbols));
  }
  const waiting = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.createdAt));
  if (waiting.length === 0) return 0;
  const schedule = await charges.current();
  const lanes: OrderRow[][] = Array.from({ length: FILL_LANES }, () => []);
  for (const candidate of waiting) lanes[fillLaneOf(candidate.clientId)]!.push(candidate);
  // Every lane ends before the pass does, even when one fails: the next pass must not find
  // a client's fills still running.
  const settled = await Promise.allSettled(lanes.map((lane) => fillLane(deps, lane, schedule)));
  let filled = 0;
  for (const lane of settled) {
    if (lane.status === 'rejected') throw lane.reason;
    filled += lane.value;
  }
  return filled;
}

/** One lane's candidates in time order, each at the print current when its turn comes. */
async function fillLane(deps: MatcherDeps, lane: OrderRow[], schedule: TChargeSchedule) {
  let filled = 0;
  for (const candidate of lane) {
    const state = deps.market.engine.state(candidate.symbol);
    if (!state || state.updatedAt <= candidate.createdAt) continue; // wait for a fresh print
    const last = BigInt(state.last);
    if (!candidate.triggeredAt && stopCrossed(candidate, last))
      await markTriggered(deps, candidate);
    const price = executablePrice(candidate, last);
    if (price === null) continue;
    if (await fillCandidate(deps, candidate, { last, price, schedule })) filled++;
  }
  return filled;
}

/** Triggered once for good: an SL then waits as a limit order even if the price turns. */
async function markTriggered(deps: MatcherDeps, candidate: OrderRow) {
  const { db, clock } = deps;
  const [marked] = await db
    .update(orders)
    .set({ triggeredAt: clock.now(), updatedAt: clock.now() })
    .where(
      and(eq(orders.id, candidate.id), eq(orders.status, 'awaiting'), isNull(orders.triggeredAt)),
    )
    .returning({ triggeredAt: orders.triggeredAt });
  if (!marked) return;
  candidate.triggeredAt = marked.triggeredAt;
  // Committed (a single statement): the stop's wait is over, which programs are told of.
  deps.events?.publish(
    ORDER_CHANGED_CHANNEL,
    JSON.stringify({ clientId: candidate.clientId, orderId: candidate.id, change: 'triggered' }),
  );
}

/**
 * Fills the order in its own transaction; one the hold and cash no longer cover is rejected
 * in another, and any other failure is logged and leaves the order waiting.
 */
async function fillCandidate(
  deps: MatcherDeps,
  candidate: OrderRow,
  at: { last: bigint; price: bigint; schedule: TChargeSchedule },
): Promise<boolean> {
  const { db, execution, clients } = deps;
  const { last, price, schedule } = at;
  try {
    return await inTransaction(db, async (tx) => {
      const order = await execution.lockAwaiting(tx, candidate.id);
      // A modify may have changed the order since it was read: decide on the locked row.
      if (!order || executablePrice(order, last) !== price) return false;
      await execution.fill(tx, order, {
        quantity: order.quantity - order.filledQuantity,
        pricePaise: price,
        final: true,
        schedule,
      });
      await clients.countTrade(tx, order.clientId);
      return true;
    });
  } catch (error) {
    if (error instanceof InsufficientBalance || error instanceof AppError) {
      await inTransaction(db, async (tx) => {
        const order = await execution.lockAwaiting(tx, candidate.id);
        if (order)
          await execution.release(
            tx,
            order,
            'rejected',
            'The price moved beyond the amount on hold and your available cash.',
          );
      });
    } else deps.log?.(`order ${candidate.id} failed to fill`, error);
    return false;
  }
}
