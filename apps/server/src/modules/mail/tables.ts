import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clients } from '../clients/tables.ts';

/** A file carried by a message: the bytes as base64 (contract notes and statements are small). */
export type StoredAttachment = { filename: string; contentType: string; base64: string };

/**
 * The outbox (decision 031): every message the firm sends, written in the transaction of the
 * change it reports, delivered later by the leader's job. `status` moves along
 * MAIL_TRANSITIONS (delivery.ts): queued → sending (a lease until `next_attempt_at`) → sent,
 * or back to queued with a backoff, or failed after the last attempt.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is for (`email.verify`, `nominees.changed`, `contract_note`...). */
    purpose: text('purpose').notNull(),
    clientId: uuid('client_id').references(() => clients.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The same message as HTML, sent beside the text as multipart/alternative; null: text only. */
    html: text('html'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastError: text('last_error'),
    /** The SMTP server's message id, or the .eml file's name. */
    deliveredAs: text('delivered_as'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('mail_outbox_due').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created').on(t.createdAt),
    index('mail_outbox_client').on(t.clientId, t.createdAt),
    check('mail_outbox_status', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);
export type MailRow = typeof mailOutbox.$inferSelect;
