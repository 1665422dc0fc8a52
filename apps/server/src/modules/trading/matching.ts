/**
 * The matcher: market, limit and stop-loss (SL, SL-M) orders fill against the feed's prints during the session.
 * A market order fills at the next print of its stock; a limit buy when the price is at or
 * under the limit, a limit sell at or over it, at the printed price. Quantity fills in full
 * (the simulated book is deep enough for a client's order). Each order settles in its own
 * transaction, so one client's failure (a market buy the hold no longer covers) touches no
 * other order. Runs on the engine's leader only; the sweep expires what outlived its session
 * and lists IPOs whose listing date has come.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClientService } from '../clients/service.ts';
import { InsufficientBalance } from '../ledger/service.ts';
import type { Market } from '../market/service.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution, OrderRow } from './execution.ts';
import type { Ipos } from './ipos.ts';
import { orders } from './tables.ts';

const SYSTEM = { type: 'system', id: 'trading' } as const;

type Waiting = Pick<OrderRow, 'type' | 'side' | 'pricePaise'> &
  Partial<Pick<OrderRow, 'triggerPaise' | 'triggeredAt'>>;

const isStop = (type: string) => type === 'sl' || type === 'sl_m';

/** Whether a print crosses a stop's trigger: a buy stop at or over it, a sell stop at or under. */
export function stopCrossed(order: Waiting, lastPaise: bigint): boolean {
  if (!isStop(order.type) || order.triggerPaise == null) return false;
  return order.side === 'buy' ? lastPaise >= order.triggerPaise : lastPaise <= order.triggerPaise;
}

/**
 * The price a waiting order would fill at now, or null while it must wait. A stop waits for
 * its trigger (crossed before, or by this print), then trades as a limit (SL) or market (SL-M).
 */
export function executablePrice(order: Waiting, lastPaise: bigint): bigint | null {
  let type = order.type;
  if (isStop(type)) {
    if (!order.triggeredAt && !stopCrossed(order, lastPaise)) return null;
    type = type === 'sl' ? 'limit' : 'market';
  }
  if (type === 'market') return lastPaise;
  if (type !== 'limit' || order.pricePaise === null) return null;
  if (order.side === 'buy') return lastPaise <= order.pricePaise ? lastPaise : null;
  return lastPaise >= order.pricePaise ? lastPaise : null;
}

export function createMatcher(deps: {
  db: Db;
  clock: Clock;
  market: Market;
  clients: ClientService;
  execution: Execution;
  charges: ChargeSchedule;
  ipos: Ipos;
  /** GTTs: checked against the same prints before the orders, expired on the sweep. */
  gtts?: { check(symbols?: string[]): Promise<number>; expire(): Promise<number> };
  log?: (message: string, error?: unknown) => void;
}) {
  const { db, clock, market, clients, execution, charges, ipos } = deps;
  const pendingSymbols = new Set<string>();
  let running: Promise<number> | null = null;
  let timers: NodeJS.Timeout[] = [];
  let stopListening = () => {};

  /** Fills what can fill among awaiting market and limit orders of `symbols` (all if omitted). */
  async function match(symbols?: string[]): Promise<number> {
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
    let filled = 0;
    for (const candidate of waiting) {
      const state = market.engine.state(candidate.symbol);
      if (!state || state.updatedAt <= candidate.createdAt) continue; // wait for a fresh print
      const last = BigInt(state.last);
      if (!candidate.triggeredAt && stopCrossed(candidate, last)) {
        // Triggered once for good: an SL then waits as a limit order even if the price turns.
        const [marked] = await db
          .update(orders)
          .set({ triggeredAt: clock.now(), updatedAt: clock.now() })
          .where(
            and(
              eq(orders.id, candidate.id),
              eq(orders.status, 'awaiting'),
              isNull(orders.triggeredAt),
            ),
          )
          .returning({ triggeredAt: orders.triggeredAt });
        if (marked) candidate.triggeredAt = marked.triggeredAt;
      }
      const price = executablePrice(candidate, last);
      if (price === null) continue;
      try {
        const done = await inTransaction(db, async (tx) => {
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
        if (done) filled++;
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
      }
    }
    return filled;
  }

  /** Coalesces the engine's notifications: one pass at a time, over every symbol that moved. */
  function schedule(symbols: string[]) {
    for (const s of symbols) pendingSymbols.add(s);
    if (running) return;
    const next = [...pendingSymbols];
    pendingSymbols.clear();
    running = match(next)
      .catch((error) => {
        deps.log?.('matching failed', error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (pendingSymbols.size) schedule([]);
      });
  }

  /** Expires awaiting orders past their validity and lists IPOs that are due. */
  async function sweep(): Promise<{ expired: number; listed: number; gttsExpired: number }> {
    const now = clock.now();
    const gttsExpired = deps.gtts ? await deps.gtts.expire() : 0;
    const stale = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'awaiting'),
          lte(orders.validUntil, now),
          sql`${orders.validUntil} is not null`,
        ),
      );
    let expired = 0;
    for (const { id } of stale) {
      const done = await inTransaction(db, async (tx) => {
        const order = await execution.lockAwaiting(tx, id);
        if (!order) return false;
        await execution.release(
          tx,
          order,
          'expired',
          'Validity ended before the order could fill.',
        );
        return true;
      });
      if (done) expired++;
    }
    let listed = 0;
    for (const id of await ipos.dueForListing()) {
      try {
        await ipos.listIpo(id, SYSTEM);
        listed++;
      } catch (error) {
        deps.log?.(`IPO ${id} failed to list`, error);
      }
    }
    return { expired, listed, gttsExpired };
  }

  return {
    match,
    sweep,
    /** Resolves when the pass in progress (if any) is done: tests and shutdown wait on it. */
    idle: async () => {
      while (running) await running;
    },
    start(sweepMs = 30_000) {
      stopListening = market.engine.onQuotes((symbols) => schedule(symbols));
      timers.push(
        setInterval(() => {
          sweep().catch((error) => deps.log?.('trading sweep failed', error));
        }, sweepMs),
      );
    },
    async stop() {
      stopListening();
      timers.forEach(clearInterval);
      timers = [];
      while (running) await running;
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;
