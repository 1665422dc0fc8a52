import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clients } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';
import { uploads } from '../uploads/tables.ts';

/**
 * One conversation per client, closed and reopened rather than replaced, so the history is
 * one thread. Read marks are sequence numbers: everything up to the mark is read.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .unique()
      .references(() => clients.id),
    status: text('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => staff.id),
    /** The sequence number of the newest message; the next one gets lastSeq + 1. */
    lastSeq: integer('last_seq').notNull().default(0),
    /** Staff messages up to here the client has read. */
    clientReadSeq: integer('client_read_seq').notNull().default(0),
    /** Client messages up to here an agent's inbox has fetched (delivered) and read. */
    staffDeliveredSeq: integer('staff_delivered_seq').notNull().default(0),
    staffReadSeq: integer('staff_read_seq').notNull().default(0),
    /** The client's oldest message since the last staff reply; null when answered. */
    waitingSince: at('waiting_since'),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('support_conversations_status', sql`${t.status} in ('open','closed')`),
    index('support_conversations_inbox').on(t.status, t.lastMessageAt),
    index('support_conversations_assignee').on(t.assigneeId),
  ],
);

/**
 * Messages; `id` is made by the sender (a UUID), so a repeated send finds its row. Plain text
 * only: the apps render it as text.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    seq: integer('seq').notNull(),
    authorType: text('author_type').notNull(),
    authorStaffId: uuid('author_staff_id').references(() => staff.id),
    body: text('body').notNull(),
    imageUploadId: uuid('image_upload_id').references(() => uploads.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('support_messages_seq').on(t.conversationId, t.seq),
    check('support_messages_author', sql`${t.authorType} in ('client','staff')`),
    check(
      'support_messages_staff_author',
      sql`(${t.authorType} = 'staff') = (${t.authorStaffId} is not null)`,
    ),
    check('support_messages_length', sql`char_length(${t.body}) <= 2000`),
    index('support_messages_recent').on(t.conversationId, t.createdAt),
  ],
);

/** Answers an admin keeps for agents to start from. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  createdAt: at('created_at').notNull().defaultNow(),
});
