import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clientRef, clients } from '../clients/tables.ts';

/**
 * A client's nomination choice (SEBI, from 1 Mar 2025): nominees named, or a declaration to
 * opt out. No row: neither yet (Home reminds them).
 */
export const nominations = pgTable(
  'nominations',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id),
    status: text('status').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [check('nominations_status', sql`${t.status} in ('nominated', 'opted_out')`)],
);

/** Up to ten nominees; shares in hundredths of a percent, adding up to 10,000. */
export const nominees = pgTable(
  'nominees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientRef(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    dob: date('dob').notNull(),
    /** The ID number, sealed with the data key as KYC's is; the last four shown. */
    idNoEnc: text('id_no_enc').notNull(),
    idNoLast4: text('id_no_last4').notNull(),
    address: text('address').notNull(),
    shareHundredths: integer('share_hundredths').notNull(),
    guardianName: text('guardian_name'),
    guardianRelationship: text('guardian_relationship'),
  },
  (t) => [
    index('nominees_client').on(t.clientId, t.position),
    check('nominees_share', sql`${t.shareHundredths} > 0 and ${t.shareHundredths} <= 10000`),
  ],
);
