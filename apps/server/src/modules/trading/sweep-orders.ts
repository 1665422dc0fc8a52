import { and, eq, lte, sql } from 'drizzle-orm';
import { inTransaction } from '../../platform/transaction.ts';
import type { MatcherDeps } from './matcher-deps.ts';
import { orders } from './tables.ts';

const SYSTEM = { type: 'system', id: 'trading' } as const;

/** Expires awaiting orders past their validity and lists IPOs that are due. */
export async function sweepOrders(
  deps: MatcherDeps,
): Promise<{ expired: number; listed: number; gttsExpired: number }> {
  const { db, clock, execution, ipos } = deps;
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
      await execution.release(tx, order, 'expired', 'Validity ended before the order could fill.');
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
