/**
 * The posting aggregate's SQL: a posting with its lines, written in one call of the database
 * function ledger_post, and read back by posting or by account. Only the ledger
 * service calls these; other modules call the service.
 */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import { ledgerAccounts, ledgerLines, ledgerPostings } from './tables.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type PostingRow = {
  kind: string;
  clientId: string | null;
  memo: string;
  reference: string | null;
  idempotencyKey: string | null;
  createdAt: Date;
};
/** One line as the database function takes it; `guarded` debits may not go below zero. */
export type LineRow = {
  clientId: string | null;
  kind: string;
  bucket: number;
  amount: bigint;
  guarded: boolean;
  /** Where the caller listed the line: lines are written (and so listed) in that order. */
  position: number;
};

/** The SQLSTATE ledger_post raises when a guarded debit finds too little (migration 0009). */
export const INSUFFICIENT_BALANCE = 'LDG01';

/** Every posting of every money move is this statement: named, so planned once a connection. */
const LEDGER_POST = {
  name: 'ledger_post',
  text: `select out_posting_id::text as posting, out_account_ids::text[] as ids,
           out_balances::text[] as balances
    from ledger_post($1, $2::uuid, $3, $4, $5, $6::timestamptz, $7::uuid[], $8::text[],
      $9::smallint[], $10::bigint[], $11::boolean[], $12::integer[])`,
};

/**
 * Writes a posting, moves each line's balance and writes the lines: one statement, one round
 * trip (the PL/pgSQL function ledger_post, migration 0009). Balances move in the order given,
 * which is the lock order; lines are written in `position` order. Answers the posting id and, per line, the row's id and balance after.
 */
export async function postLines(
  tx: Tx,
  posting: PostingRow,
  lines: LineRow[],
): Promise<{ postingId: number; accountIds: number[]; balances: bigint[] }> {
  const [row] = await runNamed<{ posting: string; ids: string[]; balances: string[] }>(
    tx,
    LEDGER_POST,
    [
      posting.kind,
      posting.clientId,
      posting.memo,
      posting.reference,
      posting.idempotencyKey,
      posting.createdAt.toISOString(),
      lines.map((l) => l.clientId),
      lines.map((l) => l.kind),
      lines.map((l) => l.bucket),
      lines.map((l) => l.amount.toString()),
      lines.map((l) => l.guarded),
      lines.map((l) => l.position),
    ],
  );
  return {
    postingId: Number(row!.posting),
    accountIds: row!.ids.map(Number),
    balances: row!.balances.map((b) => BigInt(b)),
  };
}

/** `count` ids drawn from the postings' own sequence, for postings written later (postBatch). */
export async function reservePostingIds(tx: Tx, count: number): Promise<number[]> {
  const result = await tx.execute(sql`
    select nextval(pg_get_serial_sequence('ledger_postings', 'id'))::text as id
    from generate_series(1, ${count}::integer) g order by g`);
  return rowsOf<{ id: string }>(result).map((row) => Number(row.id));
}

/**
 * Writes many postings in one round trip (ledger_post_many, migrations 0022 and 0023): every
 * row in `locks` (given in the global lock order) is opened if new and locked first, then all
 * the postings are written set-wise, each line's balance after as if posted one by one in
 * order, under `postingIds` when they were reserved. Answers, per posting in the order given,
 * what postLines answers.
 */
export async function postBatch(
  tx: Tx,
  locks: Omit<LineRow, 'amount' | 'position'>[],
  postings: { posting: PostingRow; lines: LineRow[] }[],
  postingIds: number[] | null = null,
): Promise<{ postingId: number; accountIds: number[]; balances: bigint[] }[]> {
  const result = await tx.execute(postBatchStatement(locks, postings, postingIds));
  const rows = rowsOf<{ index: number; posting: string; ids: string[]; balances: string[] }>(
    result,
  );
  const answered = new Array<{ postingId: number; accountIds: number[]; balances: bigint[] }>(
    postings.length,
  );
  for (const row of rows)
    answered[row.index - 1] = {
      postingId: Number(row.posting),
      accountIds: row.ids.map(Number),
      balances: row.balances.map((b) => BigInt(b)),
    };
  return answered;
}

/**
 * postBatch's one statement, to send inside another (decision 081): a SELECT of one row a
 * posting, so a caller can count what it wrote.
 */
export function postBatchStatement(
  locks: Omit<LineRow, 'amount' | 'position'>[],
  postings: { posting: PostingRow; lines: LineRow[] }[],
  postingIds: number[] | null = null,
): SQL {
  const lines = postings.flatMap((p) => p.lines);
  const postingOfLine = postings.flatMap((p, at) => p.lines.map(() => at + 1));
  const column = <T>(values: T[]) => sql.param(values);
  return sql`
    select out_index as index, out_posting_id::text as posting, out_account_ids::text[] as ids,
           out_balances::text[] as balances
    from ledger_post_many(
      ${column(locks.map((l) => l.clientId))}::uuid[],
      ${column(locks.map((l) => l.kind))}::text[],
      ${column(locks.map((l) => l.bucket))}::smallint[],
      ${column(locks.map((l) => l.guarded))}::boolean[],
      ${column(postings.map((p) => p.posting.kind))}::text[],
      ${column(postings.map((p) => p.posting.clientId))}::uuid[],
      ${column(postings.map((p) => p.posting.memo))}::text[],
      ${column(postings.map((p) => p.posting.reference))}::text[],
      ${column(postings.map((p) => p.posting.idempotencyKey))}::text[],
      ${postings[0]!.posting.createdAt.toISOString()}::timestamptz,
      ${column(postingOfLine)}::integer[],
      ${column(lines.map((l) => l.clientId))}::uuid[],
      ${column(lines.map((l) => l.kind))}::text[],
      ${column(lines.map((l) => l.bucket))}::smallint[],
      ${column(lines.map((l) => l.amount.toString()))}::bigint[],
      ${column(lines.map((l) => l.guarded))}::boolean[],
      ${column(lines.map((l) => l.position))}::integer[],
      ${postingIds === null ? null : column(postingIds.map(String))}::bigint[])`;
}

export type LineFilter = {
  accountIds: number[];
  kind?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  beforeId?: number | undefined;
  limit?: number | undefined;
  order?: 'newest' | 'oldest';
};

/** Lines of the given accounts with their posting, newest first by default. */
export async function linesOf(db: Executor, filter: LineFilter) {
  if (filter.accountIds.length === 0) return [];
  const where: (SQL | undefined)[] = [inArray(ledgerLines.accountId, filter.accountIds)];
  if (filter.kind) where.push(eq(ledgerPostings.kind, filter.kind));
  if (filter.from) where.push(gte(ledgerLines.createdAt, filter.from));
  if (filter.to) where.push(lt(ledgerLines.createdAt, filter.to));
  if (filter.beforeId !== undefined) where.push(lt(ledgerLines.id, filter.beforeId));
  const query = db
    .select({
      id: ledgerLines.id,
      postingId: ledgerLines.postingId,
      accountId: ledgerLines.accountId,
      amount: ledgerLines.amount,
      balanceAfter: ledgerLines.balanceAfter,
      createdAt: ledgerLines.createdAt,
      kind: ledgerPostings.kind,
      memo: ledgerPostings.memo,
      reference: ledgerPostings.reference,
    })
    .from(ledgerLines)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerLines.postingId))
    .where(and(...where))
    .orderBy(filter.order === 'oldest' ? ledgerLines.id : desc(ledgerLines.id));
  return filter.limit === undefined ? query : query.limit(filter.limit);
}

/** The account's balance just before `at`: the last line's balance_after, or 0. */
export async function balanceBefore(db: Executor, accountId: number, at: Date): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerLines.balanceAfter })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.accountId, accountId), lt(ledgerLines.createdAt, at)))
    .orderBy(desc(ledgerLines.id))
    .limit(1);
  return row?.balance ?? 0n;
}

/** Postings with a line on any of the accounts, newest first; one more than `limit`. */
export async function postingsTouching(
  db: Executor,
  accountIds: number[],
  beforeId: number | undefined,
  limit: number,
) {
  if (accountIds.length === 0) return [];
  return db
    .selectDistinct({
      id: ledgerPostings.id,
      kind: ledgerPostings.kind,
      memo: ledgerPostings.memo,
      reference: ledgerPostings.reference,
      createdAt: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerLines, eq(ledgerLines.postingId, ledgerPostings.id))
    .where(
      and(
        inArray(ledgerLines.accountId, accountIds),
        beforeId === undefined ? undefined : lt(ledgerPostings.id, beforeId),
      ),
    )
    .orderBy(desc(ledgerPostings.id))
    .limit(limit + 1);
}

/** Postings that settle `reference` (e.g. 'loan:<uuid>'), newest first; one more than `limit`. */
export async function postingsOfReference(
  db: Executor,
  reference: string,
  beforeId: number | undefined,
  limit: number,
) {
  return db
    .select({
      id: ledgerPostings.id,
      kind: ledgerPostings.kind,
      memo: ledgerPostings.memo,
      reference: ledgerPostings.reference,
      createdAt: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.reference, reference),
        beforeId === undefined ? undefined : lt(ledgerPostings.id, beforeId),
      ),
    )
    .orderBy(desc(ledgerPostings.id))
    .limit(limit + 1);
}

export async function postingById(db: Executor, id: number) {
  const [row] = await db.select().from(ledgerPostings).where(eq(ledgerPostings.id, id));
  return row;
}

export async function linesOfPostings(db: Executor, postingIds: number[]) {
  if (postingIds.length === 0) return [];
  return db
    .select({
      id: ledgerLines.id,
      postingId: ledgerLines.postingId,
      accountId: ledgerLines.accountId,
      amount: ledgerLines.amount,
      balanceAfter: ledgerLines.balanceAfter,
      createdAt: ledgerLines.createdAt,
      clientId: ledgerAccounts.clientId,
      account: ledgerAccounts.kind,
    })
    .from(ledgerLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(inArray(ledgerLines.postingId, postingIds))
    .orderBy(ledgerLines.id);
}
