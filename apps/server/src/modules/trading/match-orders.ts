import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TChargeSchedule } from '@sampada/shared';
import { AppError } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { InsufficientBalance } from '../ledger/service.ts';
import { executablePrice, stopCrossed } from './executable-price.ts';
import { ORDER_CHANGED_CHANNEL } from './place-order.ts';
import type { MatcherDeps } from './matcher-deps.ts';
import type { BuyToFill } from './fill-buys-together.ts';
import type { OrderRow } from './order-row.ts';
import { orders } from './tables.ts';

/**
 * Fills alone run in this many lanes at once (after a pass's buys that fill together, decision
 * 082). At the open, thousands of market orders wait for the same print, and one fill after
 * another took 30 s to decide 2,000 of them while each fill's dozen statements waited on the
 * busy event loop in turn. A client's orders always share a lane, so one client's fills never race each other for the client's cash, holdings and
 * row (a sell locks its holding before the ledger, a buy after: two at once could deadlock);
 * three lanes leave most of the pool's ten connections to the requests.
 */
export const FILL_LANES = 3;

/**
 * A batch of buys filled together holds at most this many: its statement stays short and the
 * next batch prompt. A lone buy fills alone: a batch of one saves nothing.
 */
const MAX_TOGETHER = 64;
const MIN_TOGETHER = 2;

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
  // Only orders with a print when the pass began: one whose print comes while the pass runs
  // waits for the next pass, which that print has already asked for, and fills there with
  // the others of its print — at the open a batch's seconds let hundreds of orders' prints
  // arrive, and each filled alone in a lane spent ten statements instead of a batch's share.
  const printed = waiting.filter((candidate) => freshPrint(deps, candidate) !== null);
  const together = await fillBuysTogether(deps, printed, schedule);
  const lanes: OrderRow[][] = Array.from({ length: FILL_LANES }, () => []);
  for (const candidate of printed)
    if (!together.has(candidate.id)) lanes[fillLaneOf(candidate.clientId)]!.push(candidate);
  // Every lane ends before the pass does, even when one fails: the next pass must not find
  // a client's fills still running.
  const settled = await Promise.allSettled(lanes.map((lane) => fillLane(deps, lane, schedule)));
  let filled = together.size;
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
    const last = freshPrint(deps, candidate);
    if (last === null) continue;
    if (!candidate.triggeredAt && stopCrossed(candidate, last))
      await markTriggered(deps, candidate);
    const price = executablePrice(candidate, last);
    if (price === null) continue;
    if (await fillCandidate(deps, candidate, { last, price, schedule })) filled++;
  }
  return filled;
}

/**
 * The pass's buys that fill together, before the lanes: a client's first candidate, when it is
 * a buy with a fresh print to fill at now (a stop only once triggered), so that a client's
 * orders still fill in the order placed. One batch at a time: the buys of the open then hold
 * one connection, not three, and the requests placing orders keep the rest (bench/market-open.mjs
 * on the 2-core box: every order decided 9.7–10.0 s after the open, against 12.5–19.7 s with a
 * batch in each lane and 17.5–29.0 s one fill at a time). A batch is one transaction; one that fails (a client short of cash for
 * a price that moved) is undone whole and its buys go alone, each for its own outcome.
 */
async function fillBuysTogether(
  deps: MatcherDeps,
  candidates: OrderRow[],
  schedule: TChargeSchedule,
): Promise<Set<string>> {
  const ready: BuyToFill[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate.clientId)) continue;
    seen.add(candidate.clientId);
    const last = freshPrint(deps, candidate);
    if (candidate.side !== 'buy' || last === null) continue;
    if (!candidate.triggeredAt && (candidate.type === 'sl' || candidate.type === 'sl_m')) continue;
    const pricePaise = executablePrice(candidate, last);
    if (pricePaise !== null) ready.push({ orderId: candidate.id, last, pricePaise });
  }
  const filled = new Set<string>();
  for (let start = 0; start < ready.length; start += MAX_TOGETHER) {
    const batch = ready.slice(start, start + MAX_TOGETHER);
    if (batch.length < MIN_TOGETHER) break;
    const rows = await inTransaction(deps.db, (tx) =>
      deps.execution.fillBuysTogether(tx, batch, schedule, (clientIds) => [
        deps.clients.countTradesStatement(tx, clientIds),
      ]),
    ).catch(() => []); // each then goes alone, and a failure that is not the batch's recurs there
    for (const row of rows) filled.add(row.id);
  }
  return filled;
}

/** The last print of the order's scrip made after the order, or null: it waits for one. */
function freshPrint(deps: MatcherDeps, candidate: OrderRow): bigint | null {
  const state = deps.market.engine.state(candidate.symbol);
  return state && state.updatedAt > candidate.createdAt ? BigInt(state.last) : null;
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
