import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { type ListFilter, listWhere, orderOf } from './listing.ts';
import type { FundsPeople } from './people.ts';
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

/** The clients module's refs as a subquery to join (`clients.refsToJoin()`). */
type ClientRefs = ReturnType<FundsPeople['clients']['refsToJoin']>;

/**
 * Those of the ids (`ids`, a placeholder) still pending, each with a posting id drawn now
 * (`nextPostingId`, the ledger's) and its client's refs (`clientRefs`, the clients module's):
 * a batch of confirmations sent as one statement (decision 081) builds its credits under those
 * ids and its answers with those refs. An id drawn and never posted is only a gap in the
 * sequence. Prepared: its text is the same for every batch.
 */
export function pendingWithPostingIds(
  db: Executor,
  nextPostingId: SQL<number>,
  clientRefs: ClientRefs,
) {
  return db
    .select({
      row: deposits,
      postingId: nextPostingId.mapWith(Number),
      client: { uid: clientRefs.uid, name: clientRefs.name, mobile: clientRefs.mobile },
    })
    .from(deposits)
    .innerJoin(clientRefs, eq(clientRefs.id, deposits.clientId))
    .where(
      and(
        sql`${deposits.id} = any(${sql.placeholder('ids')}::uuid[])`,
        eq(deposits.status, 'pending'),
      ),
    )
    .prepare('deposits_pending_with_posting_ids');
}
