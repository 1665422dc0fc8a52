import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';
import { uploads } from '../uploads/tables.ts';

/** Every submission is kept; the latest one is the client's KYC record. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    fullName: text('full_name').notNull(),
    dob: text('dob').notNull(),
    mobile: text('mobile'),
    idType: text('id_type').notNull(),
    /** AES-256-GCM; only the last four characters are kept in clear for masked display. */
    idNoEnc: text('id_no_enc').notNull(),
    idNoLast4: text('id_no_last4').notNull(),
    frontUploadId: uuid('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    backUploadId: uuid('back_upload_id')
      .notNull()
      .references(() => uploads.id),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedByStaffId: uuid('checked_by_staff_id').references(() => staff.id),
  },
  (t) => [
    index('kyc_submissions_client').on(t.clientId, t.submittedAt),
    index('kyc_submissions_queue').on(t.status, t.submittedAt),
    check(
      'kyc_submissions_status',
      sql`${t.status} in ('pending','approved','rejected','reopened')`,
    ),
    check('kyc_submissions_id_type', sql`${t.idType} in ('pan','aadhaar')`),
  ],
);
