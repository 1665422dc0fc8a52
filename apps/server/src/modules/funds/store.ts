/** The funds module's SQL: bank cards, deposits and withdrawals. Ledger tables are not here. */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankCards, deposits, withdrawals } from './tables.ts';

export type BankCardRow = typeof bankCards.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

// ---------- Bank cards ----------

export const activeCards = (db: Executor, clientId: string) =>
  db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.clientId, clientId), isNull(bankCards.removedAt)))
    .orderBy(asc(bankCards.createdAt), asc(bankCards.id));

export const cardIs = (cardId: string) => eq(bankCards.id, cardId);

export async function activeCard(db: Executor, clientId: string, cardId: string) {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(
      and(eq(bankCards.id, cardId), eq(bankCards.clientId, clientId), isNull(bankCards.removedAt)),
    );
  return row;
}

export async function cardsById(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, BankCardRow>();
  const rows = await db.select().from(bankCards).where(inArray(bankCards.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Serialises card changes of one client, so the limit of five holds under concurrency. */
export const lockClientCards = (db: Executor, clientId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank_cards:${clientId}`}))`);

// ---------- Deposits and withdrawals: lists ----------

export type ListFilter = {
  id?: string | undefined;
  clientId?: string | undefined;
  status?: string | undefined;
  /** The (created_at as text, id) of the last row of the previous page. */
  after?: [string, string] | null;
  order: 'oldest' | 'newest';
  limit: number;
};

type Listed = typeof deposits | typeof withdrawals;

function listWhere(table: Listed, filter: ListFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.id) where.push(eq(table.id, filter.id));
  if (filter.clientId) where.push(eq(table.clientId, filter.clientId));
  if (filter.status) where.push(eq(table.status, filter.status));
  if (filter.after) {
    const cmp = filter.order === 'oldest' ? sql`>` : sql`<`;
    where.push(
      sql`(${table.createdAt}, ${table.id}) ${cmp} (${filter.after[0]}::timestamptz, ${filter.after[1]}::uuid)`,
    );
  }
  return where;
}

const orderOf = (table: Listed, order: ListFilter['order']) =>
  order === 'oldest'
    ? [asc(table.createdAt), asc(table.id)]
    : [desc(table.createdAt), desc(table.id)];

/** One row more than `limit` when another page exists. */
export function listDeposits(db: Executor, filter: ListFilter) {
  return db
    .select({ row: deposits, cursorAt: sql<string>`${deposits.createdAt}::text` })
    .from(deposits)
    .where(and(...listWhere(deposits, filter)))
    .orderBy(...orderOf(deposits, filter.order))
    .limit(filter.limit + 1);
}

export function listWithdrawals(db: Executor, filter: ListFilter) {
  return db
    .select({ row: withdrawals, cursorAt: sql<string>`${withdrawals.createdAt}::text` })
    .from(withdrawals)
    .where(and(...listWhere(withdrawals, filter)))
    .orderBy(...orderOf(withdrawals, filter.order))
    .limit(filter.limit + 1);
}

export async function depositById(db: Executor, id: string) {
  const [row] = await listDeposits(db, { id, order: 'newest', limit: 1 });
  return row;
}

export async function withdrawalById(db: Executor, id: string) {
  const [row] = await listWithdrawals(db, { id, order: 'newest', limit: 1 });
  return row;
}

export async function countByStatus(db: Executor, table: Listed, status: string) {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.status, status));
  return row?.n ?? 0;
}

/** Deposits that already carry this UTR and count against a new one. */
export function depositsWithUtr(db: Executor, utr: string) {
  return db
    .select({ clientId: deposits.clientId, status: deposits.status })
    .from(deposits)
    .where(and(eq(deposits.utr, utr), inArray(deposits.status, ['pending', 'confirmed'])));
}

export async function pendingWithdrawalsToCard(db: Executor, cardId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.bankCardId, cardId), eq(withdrawals.status, 'pending')));
  return row?.n ?? 0;
}
