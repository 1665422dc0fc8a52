import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clientRef, clients } from '../clients/tables.ts';

/** A client's verified e-mail address: where contract notes and notices go. */
export const clientEmails = pgTable('client_emails', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  address: text('address').notNull(),
  verifiedAt: at('verified_at').notNull(),
});

/**
 * Six-digit codes sent to an address being verified, stored hashed (argon2id, as reset codes
 * are). Only a client's latest code works; attempts are counted before the slow comparison.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientRef(),
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('email_codes_client').on(t.clientId, t.createdAt)],
);
