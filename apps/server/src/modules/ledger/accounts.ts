/**
 * The account aggregate's SQL: each account's cached balance (client accounts one row, firm
 * accounts a row per bucket). Balances move only inside ledger_post (postings.ts).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts } from './tables.ts';

export async function accountsOfClient(db: Executor, clientId: string) {
  return db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.clientId, clientId));
}

export async function accountsOfClients(db: Executor, clientIds: readonly string[]) {
  return db
    .select({
      clientId: ledgerAccounts.clientId,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.clientId, [...clientIds]));
}

/** Each firm account's balance: the sum of its buckets. */
export async function firmAccounts(db: Executor) {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      balance: sql<string>`sum(${ledgerAccounts.balance})::text`,
    })
    .from(ledgerAccounts)
    .where(isNull(ledgerAccounts.clientId))
    .groupBy(ledgerAccounts.kind);
  return rows.map((row) => ({ kind: row.kind, balance: BigInt(row.balance) }));
}

/** Sum of cached balances of every client's account of one kind. */
export async function clientAccountsTotal(db: Executor, kind: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), sql`${ledgerAccounts.clientId} is not null`));
  return BigInt(row?.total ?? '0');
}

/** Clients with a positive balance of cash available or on hold: whom a settlement visits. */
export async function clientsWithCash(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clientId: ledgerAccounts.clientId })
    .from(ledgerAccounts)
    .where(
      and(
        sql`${ledgerAccounts.clientId} is not null`,
        sql`${ledgerAccounts.kind} in ('cash_available','cash_on_hold')`,
        sql`${ledgerAccounts.balance} > 0`,
      ),
    )
    .orderBy(ledgerAccounts.clientId);
  return rows.map((r) => r.clientId!);
}
