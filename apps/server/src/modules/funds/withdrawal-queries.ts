import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ListFilter, listWhere, orderOf } from './listing.ts';
import { withdrawals } from './tables.ts';

/** One row more than `limit` when another page exists. */
export function listWithdrawals(db: Executor, filter: ListFilter) {
  return db
    .select({ row: withdrawals, cursorAt: sql<string>`${withdrawals.createdAt}::text` })
    .from(withdrawals)
    .where(and(...listWhere(withdrawals, filter)))
    .orderBy(...orderOf(withdrawals, filter.order))
    .limit(filter.limit + 1);
}

export async function withdrawalById(db: Executor, id: string) {
  const [row] = await listWithdrawals(db, { id, order: 'newest', limit: 1 });
  return row;
}

/** Pending withdrawals to be paid to this card: while there are any, it must stay. */
export async function pendingWithdrawalsToCard(db: Executor, cardId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.bankCardId, cardId), eq(withdrawals.status, 'pending')));
  return row?.n ?? 0;
}
