import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.ts';
import { bankCards, withdrawals } from '../funds/tables.ts';
import { staff } from '../staff/tables.ts';

/** A client's choice of settlement cycle; no row means quarterly (SEBI's default). */
export const settlementPreferences = pgTable(
  'settlement_preferences',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id),
    cycle: text('cycle').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('settlement_preferences_cycle', sql`${t.cycle} in ('quarterly','monthly')`)],
);

/**
 * One settlement date's batch: prepared by one officer, approved by another (decision 045); or
 * prepared by the leader's job (`prepared_by` null) and approved by one officer (decision 052).
 */
export const settlementBatches = pgTable(
  'settlement_batches',
  {
    id: uuid('id').primaryKey(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('prepared'),
    preparedBy: uuid('prepared_by').references(() => staff.id),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    // One live batch per date: a rejected one may be prepared again.
    uniqueIndex('settlement_batches_one_per_date')
      .on(t.settlementDate)
      .where(sql`${t.status} <> 'rejected'`),
    check(
      'settlement_batches_status',
      sql`${t.status} in ('prepared','approved','paid','rejected')`,
    ),
  ],
);

/** Per client of a batch: the balance, what was kept and why, and what was paid. */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => settlementBatches.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    cycle: text('cycle').notNull(),
    /** Due on this date only by the 30-day rule (no-recent-trade.ts), not by `cycle`. */
    noRecentTrade: boolean('no_recent_trade').notNull().default(false),
    cashAvailable: bigint('cash_available', { mode: 'bigint' }).notNull(),
    cashOnHold: bigint('cash_on_hold', { mode: 'bigint' }).notNull(),
    /** [{ kind, amount_paise }] as last computed: at preparing, then at paying. */
    retained: jsonb('retained').$type<{ kind: string; amount_paise: string }[]>().notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' }),
    status: text('status').notNull().default('pending'),
    bankCardId: uuid('bank_card_id').references(() => bankCards.id),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('settlement_lines_once').on(t.batchId, t.clientId),
    index('settlement_lines_client').on(t.clientId),
    check('settlement_lines_payout', sql`${t.payout} >= 0 and coalesce(${t.paid}, 0) >= 0`),
    check(
      'settlement_lines_status',
      sql`${t.status} in ('pending','paid','nothing','no_bank_account')`,
    ),
  ],
);
