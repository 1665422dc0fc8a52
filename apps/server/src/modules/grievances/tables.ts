import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';

/**
 * A client's complaint (the investor charter's grievance redressal): answered within 21 days
 * of filing, after which the client may take it to SCORES. `status` moves along
 * GRIEVANCE_TRANSITIONS (resolve.ts).
 */
export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    clientId: clientRef(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    dueDate: date('due_date').notNull(),
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by').references(() => staff.id),
    resolvedAt: at('resolved_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('grievances_client').on(t.clientId, t.createdAt),
    index('grievances_status').on(t.status, t.dueDate),
    check('grievances_status_known', sql`${t.status} in ('open', 'resolved')`),
  ],
);
export type GrievanceRow = typeof grievances.$inferSelect;
