import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.ts';
import { ledgerPostings } from '../ledger/tables.ts';
import { staff } from '../staff/tables.ts';
import { uploads } from '../uploads/tables.ts';

/** A client's own bank accounts, the only places a withdrawal can be paid to. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    holderName: text('holder_name').notNull(),
    /** AES-256-GCM, like KYC ID numbers; the last four digits are kept in clear for display. */
    accountNoEnc: text('account_no_enc').notNull(),
    accountNoLast4: text('account_no_last4').notNull(),
    /** HMAC of the number: finds a duplicate without decrypting every card. */
    accountNoDigest: text('account_no_digest').notNull(),
    ifsc: text('ifsc').notNull(),
    bankName: text('bank_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Removed cards stay, since past withdrawals name them. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_cards_client').on(t.clientId),
    uniqueIndex('bank_cards_active_account')
      .on(t.clientId, t.accountNoDigest)
      .where(sql`${t.removedAt} is null`),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    method: text('method').notNull(),
    /** Upper-case, without spaces or hyphens. */
    utr: text('utr').notNull(),
    receiptUploadId: uuid('receipt_upload_id').references(() => uploads.id),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    postingId: bigint('posting_id', { mode: 'number' }).references(() => ledgerPostings.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByStaffId: uuid('decided_by_staff_id').references(() => staff.id),
  },
  (t) => [
    index('deposits_queue').on(t.status, t.createdAt),
    index('deposits_client').on(t.clientId, t.createdAt),
    index('deposits_utr').on(t.utr),
    // One UTR is credited once, whoever submitted it and however many times.
    uniqueIndex('deposits_utr_confirmed_once')
      .on(t.utr)
      .where(sql`${t.status} = 'confirmed'`),
    // A client does not submit one transfer twice.
    uniqueIndex('deposits_client_utr_open')
      .on(t.clientId, t.utr)
      .where(sql`${t.status} in ('pending','confirmed')`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    check('deposits_status', sql`${t.status} in ('pending','confirmed','rejected','cancelled')`),
    check('deposits_method', sql`${t.method} in ('NEFT','RTGS','IMPS','UPI')`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    bankCardId: uuid('bank_card_id')
      .notNull()
      .references(() => bankCards.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    bankReference: text('bank_reference'),
    holdPostingId: bigint('hold_posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    settlePostingId: bigint('settle_posting_id', { mode: 'number' }).references(
      () => ledgerPostings.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByStaffId: uuid('decided_by_staff_id').references(() => staff.id),
  },
  (t) => [
    index('withdrawals_queue').on(t.status, t.createdAt),
    index('withdrawals_client').on(t.clientId, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_status', sql`${t.status} in ('pending','paid','rejected','cancelled')`),
  ],
);
