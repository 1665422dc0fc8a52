import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type TNoticeDetail } from '@sampada/shared';
import { at } from '../../db/columns.ts';
import { clients } from '../clients/tables.ts';

/**
 * What a client is told of (decision 049): one row per step of one of their records. The id
 * is derived from (client, kind, subject), so the step's own transaction and the live frame
 * name the same row, and a step replayed writes nothing new.
 */
export const clientNotifications = pgTable(
  'client_notifications',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
    /** The step's figures (decision 056); null on rows written before them. */
    detail: jsonb('detail').$type<TNoticeDetail>(),
  },
  (t) => [
    check(
      'client_notifications_kind',
      sql.raw(`kind in (${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
    index('client_notifications_client').on(t.clientId, t.createdAt),
  ],
);
export type NotificationRow = typeof clientNotifications.$inferSelect;
