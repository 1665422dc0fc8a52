import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';
import { mailOutbox } from '../mail/tables.ts';

/**
 * A period's statement, one row per client: the message that carries it, or why none could be
 * sent (no verified e-mail). The key makes a period's run idempotent.
 */
export const statementDeliveries = pgTable(
  'statement_deliveries',
  {
    period: text('period').notNull(),
    clientId: clientRef(),
    mailId: uuid('mail_id').references(() => mailOutbox.id),
    skippedReason: text('skipped_reason'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.clientId] }),
    index('statement_deliveries_mail').on(t.mailId),
  ],
);
