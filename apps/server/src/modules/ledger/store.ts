/** The ledger's SQL. Only the ledger service calls these; other modules call the service. */
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerLines, ledgerPostings } from './tables.ts';

export type AccountKey = { clientId: string | null; kind: string };

const ownerIs = (clientId: string | null) =>
  clientId === null ? isNull(ledgerAccounts.clientId) : eq(ledgerAccounts.clientId, clientId);

/**
 * Moves one account's balance by `amount` and answers the new balance, or null when a
 * guarded account would go below zero. A debit of a guarded account is one conditional
 * UPDATE (the row lock it takes makes concurrent debits queue, and each sees the balance
 * the previous one left); anything else creates the account on first use.
 */
export async function moveBalance(
  tx: Tx,
  account: AccountKey,
  amount: bigint,
  guarded: boolean,
): Promise<{ accountId: number; balance: bigint } | null> {
  const delta = sql`${amount.toString()}::bigint`;
  if (guarded && amount < 0n) {
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(
        and(
          ownerIs(account.clientId),
          eq(ledgerAccounts.kind, account.kind),
          sql`${ledgerAccounts.balance} + ${delta} >= 0`,
        ),
      )
      .returning({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance });
    return row ?? null;
  }
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({
      clientId: account.clientId,
      kind: account.kind,
      nonNegative: guarded,
      balance: amount,
    })
    .onConflictDoUpdate({
      target: [ledgerAccounts.clientId, ledgerAccounts.kind],
      set: { balance: sql`${ledgerAccounts.balance} + excluded.balance` },
    })
    .returning({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance });
  return row!;
}

export async function insertPosting(
  tx: Tx,
  values: typeof ledgerPostings.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(ledgerPostings).values(values).returning({ id: ledgerPostings.id });
  return row!.id;
}

export async function insertLines(tx: Tx, lines: (typeof ledgerLines.$inferInsert)[]) {
  await tx.insert(ledgerLines).values(lines);
}

export async function accountsOfClient(db: Executor, clientId: string) {
  return db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.clientId, clientId));
}

export async function firmAccounts(db: Executor) {
  return db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(isNull(ledgerAccounts.clientId));
}

/** Sum of cached balances of every client's account of one kind. */
export async function clientTotal(db: Executor, kind: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), sql`${ledgerAccounts.clientId} is not null`));
  return BigInt(row?.total ?? '0');
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

// ---------- Reconciliation ----------

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The figures the reconciliation check compares; read in one snapshot by the caller. */
export async function reconciliationFacts(tx: Tx, sample: number) {
  const [counts] = rowsOf<{ accounts: string; postings: string; lines: string; total: string }>(
    await tx.execute(sql`
      select (select count(*) from ledger_accounts)::text as accounts,
             (select count(*) from ledger_postings)::text as postings,
             (select count(*) from ledger_lines)::text as lines,
             (select coalesce(sum(amount), 0) from ledger_lines)::text as total`),
  );
  const unbalanced = rowsOf<{ posting_id: string; total: string }>(
    await tx.execute(sql`
      select posting_id::text, sum(amount)::text as total from ledger_lines
      group by posting_id having sum(amount) <> 0 order by posting_id limit ${sample}`),
  );
  const empty = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select p.id::text from ledger_postings p
      where (select count(*) from ledger_lines l where l.posting_id = p.id) < 2
      order by p.id limit ${sample}`),
  );
  const drifted = rowsOf<{ id: string; owner: string; kind: string; cached: string; sum: string }>(
    await tx.execute(sql`
      select a.id::text, coalesce(a.client_id::text, 'firm') as owner, a.kind,
             a.balance::text as cached, coalesce(s.total, 0)::text as sum
      from ledger_accounts a
      left join (select account_id, sum(amount) as total from ledger_lines group by account_id) s
        on s.account_id = a.id
      where a.balance <> coalesce(s.total, 0)
      order by a.id limit ${sample}`),
  );
  const negative = rowsOf<{ id: string; owner: string; kind: string; balance: string }>(
    await tx.execute(sql`
      select id::text, coalesce(client_id::text, 'firm') as owner, kind, balance::text
      from ledger_accounts where non_negative and balance < 0 order by id limit ${sample}`),
  );
  return { counts: counts!, unbalanced, empty, drifted, negative };
}
