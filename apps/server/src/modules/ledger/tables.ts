import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.ts';

/**
 * One row per account: a client's (client_id set) or the firm's (client_id null). `balance`
 * caches the sum of the row's lines and moves in the same transaction as they are written.
 *
 * A firm account is split into buckets (rows `bucket` 0 … FIRM_BUCKETS-1, see the ledger
 * service): every posting crosses one, so a single row would make all postings queue on its
 * lock. Its balance is the sum of its buckets; each bucket's cached balance still equals the
 * sum of its own lines, so reconciliation stays exact row by row. Client accounts have one
 * row, bucket 0, and keep their guarded UPDATE.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: uuid('client_id').references(() => clients.id),
    kind: text('kind').notNull(),
    bucket: smallint('bucket').notNull().default(0),
    /** Cash available and on hold: the database refuses a negative balance as a last guard. */
    nonNegative: boolean('non_negative').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_bucket').on(t.clientId, t.kind, t.bucket).nullsNotDistinct(),
    check('ledger_accounts_non_negative', sql`not ${t.nonNegative} or ${t.balance} >= 0`),
    check(
      'ledger_accounts_bucket',
      sql`${t.bucket} >= 0 and (${t.clientId} is null or ${t.bucket} = 0)`,
    ),
  ],
);

/**
 * A posting groups lines that sum to zero. Append-only (migration postings_append_only):
 * corrections are new postings.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** The client the posting is about, when there is one; lines say whose accounts moved. */
    clientId: uuid('client_id').references(() => clients.id),
    memo: text('memo').notNull(),
    /** What the posting settles, e.g. 'deposit:<uuid>'. */
    reference: text('reference'),
    /** A posting made twice under one key is refused by the database. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_postings_client').on(t.clientId, t.id),
    index('ledger_postings_reference').on(t.reference),
  ],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: bigint('posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /**
     * The row's balance right after this line: statements read it, never recompute it. For a
     * client account that is the account's balance; for a firm account it is its bucket's (an
     * exact running balance of the whole account would need every posting to queue on it).
     */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    /** The posting's time, kept here so that an account's history is one index range. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_lines_account').on(t.accountId, t.id),
    index('ledger_lines_posting').on(t.postingId),
    check('ledger_lines_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);
