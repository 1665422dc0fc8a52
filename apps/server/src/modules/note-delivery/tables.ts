import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';
import { mailOutbox } from '../mail/tables.ts';

/**
 * A trading day's contract notes, one row per client: the message that carries them, or why
 * none could be sent (no verified e-mail, no PAN). The key makes a day's run idempotent.
 */
export const noteDeliveries = pgTable(
  'contract_note_deliveries',
  {
    tradeDate: date('trade_date').notNull(),
    clientId: clientRef(),
    notes: integer('notes').notNull(),
    mailId: uuid('mail_id').references(() => mailOutbox.id),
    skippedReason: text('skipped_reason'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeDate, t.clientId] }),
    index('contract_note_deliveries_mail').on(t.mailId),
  ],
);
