/**
 * Institutional allocations: operations offer a quantity of a listed stock at a price for a
 * window; clients request parts of it (placement) and the desk allocates from it, never
 * beyond what is left (a guarded UPDATE). Operations may close one early.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type TInstitutionalOffering, TM } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { applyTransition, lifecycle, type Transition } from '../../platform/transitions.ts';
import type { OfferingDeps } from './offering-deps.ts';
import { type AllocationInput, publishAllocation } from './publish-allocation.ts';
import { institutionalAllocations } from './tables.ts';
import { allocationView } from './views.ts';

/** The console lists the latest allocations; older ones stay in the database. */
const LIST_LIMIT = 200;

/**
 * An allocation is published until operations close it. (Views also show it closed outside
 * its window or once fully allocated; that is time and quantity, not a step.)
 */
type AllocationState = 'published' | 'closed';
export const ALLOCATION_TRANSITIONS: Record<'close', Transition<AllocationState>> = {
  close: { from: ['published'], to: 'closed' },
};

const ALLOCATION = lifecycle({
  name: 'trading.allocation',
  subject: 'allocation',
  table: institutionalAllocations,
  state: {
    sql: () =>
      sql`case when ${institutionalAllocations.closedAt} is null then 'published' else 'closed' end`,
  },
  transitions: ALLOCATION_TRANSITIONS,
  refuse: () => notFound(TM.offeringNotFound),
});

// ---------- The allocation's SQL for placement and the desk ----------

export async function allocationById(executor: Executor, id: string) {
  const [offer] = await executor
    .select()
    .from(institutionalAllocations)
    .where(eq(institutionalAllocations.id, id));
  return offer;
}

/** Allocates `quantity` more; false when less than that is left. */
export async function allocateFrom(tx: Tx, id: string, quantity: number): Promise<boolean> {
  const moved = await tx
    .update(institutionalAllocations)
    .set({
      allocated: sql`${institutionalAllocations.allocated} + ${quantity}`,
    })
    .where(
      and(
        eq(institutionalAllocations.id, id),
        sql`${institutionalAllocations.quantity} - ${institutionalAllocations.allocated} >= ${quantity}`,
      ),
    )
    .returning({ id: institutionalAllocations.id });
  return moved.length > 0;
}

export function createAllocations(deps: OfferingDeps) {
  const { db, clock, equity } = deps;

  return {
    createAllocation: (input: AllocationInput, staffId: string, actor: Actor) =>
      publishAllocation(deps, input, staffId, actor),

    async allocations(status: 'open' | 'closed' | 'all'): Promise<TInstitutionalOffering[]> {
      // Open ones are few and read often (every deals list); the rest are the latest 200.
      const rows = await db
        .select()
        .from(institutionalAllocations)
        .where(
          status === 'open'
            ? and(
                sql`${institutionalAllocations.closedAt} is null`,
                sql`${institutionalAllocations.closesAt} > ${clock.now()}`,
              )
            : undefined,
        )
        .orderBy(desc(institutionalAllocations.createdAt))
        .limit(status === 'open' ? 1000 : LIST_LIMIT);
      const now = clock.now();
      return rows
        .map((r) => allocationView(r, equity.info(r.symbol), now))
        .filter((v) => status === 'all' || v.status === status);
    },

    async closeAllocation(id: string, actor: Actor): Promise<TInstitutionalOffering> {
      const row = await plainTransaction(db)((tx) =>
        applyTransition(tx, ALLOCATION, 'close', {
          id,
          at: clock.now(),
          set: { closedAt: clock.now() },
          audit: { actor },
          events: deps.events,
        }),
      );
      return allocationView(row, equity.info(row.symbol), clock.now());
    },
  };
}
export type Allocations = ReturnType<typeof createAllocations>;
