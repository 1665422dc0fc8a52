import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { type ListFilter, listWhere, orderOf } from './listing.ts';
import { deposits } from './tables.ts';

/** One row more than `limit` when another page exists. */
export function listDeposits(db: Executor, filter: ListFilter) {
  return db
    .select({ row: deposits, cursorAt: sql<string>`${deposits.createdAt}::text` })
    .from(deposits)
    .where(and(...listWhere(deposits, filter)))
    .orderBy(...orderOf(deposits, filter.order))
    .limit(filter.limit + 1);
}

export async function depositById(db: Executor, id: string) {
  const [row] = await listDeposits(db, { id, order: 'newest', limit: 1 });
  return row;
}

/**
 * The deposits a statement's UTRs name that could matter to it (pending or confirmed), locked
 * in id order: the statement decides on them and moves them before anyone else can.
 */
export function depositsWithUtrsLocked(tx: Tx, utrs: string[]) {
  return tx
    .select()
    .from(deposits)
    .where(and(inArray(deposits.utr, utrs), inArray(deposits.status, ['pending', 'confirmed'])))
    .orderBy(deposits.id)
    .for('update');
}

/** Deposits that already carry this UTR and count against a new one. */
export function depositsWithUtr(db: Executor, utr: string) {
  return db
    .select({ clientId: deposits.clientId, status: deposits.status })
    .from(deposits)
    .where(and(eq(deposits.utr, utr), inArray(deposits.status, ['pending', 'confirmed'])));
}

/**
 * Those of `ids` still pending, each with a posting id drawn now (`nextPostingId`, the
 * ledger's): a batch of confirmations sent as one statement (decision 081) builds its credits
 * under them. An id drawn and never posted is only a gap in the sequence.
 */
export function pendingWithPostingIds(db: Executor, ids: string[], nextPostingId: SQL<number>) {
  return db
    .select({ row: deposits, postingId: nextPostingId.mapWith(Number) })
    .from(deposits)
    .where(and(inArray(deposits.id, ids), eq(deposits.status, 'pending')));
}
