import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, moduleConfigTable, paise } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';
import { uploads } from '../uploads/tables.ts';

/**
 * A client's claim for redress. `status` moves only along CLAIM_TRANSITIONS (lifecycle.ts),
 * by UPDATEs guarded on the current status. `number` makes the reference a person quotes.
 */
export const compensationClaims = pgTable(
  'compensation_claims',
  {
    id: uuid('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    reference: text('reference').notNull().unique(),
    clientId: clientRef(),
    category: text('category').notNull(),
    status: text('status').notNull().default('submitted'),
    amountClaimedPaise: paise('amount_claimed_paise').notNull(),
    amountApprovedPaise: paise('amount_approved_paise'),
    description: text('description').notNull(),
    /** The order, deposit or withdrawal the claim concerns (checked to be the client's). */
    relatedKind: text('related_kind'),
    relatedId: uuid('related_id'),
    relatedLabel: text('related_label'),
    /** 21 days after submission (SEBI SCORES). */
    decisionDue: date('decision_due').notNull(),
    /** Two above the console's threshold at approval time (maker-checker), else one. */
    approvalsRequired: integer('approvals_required').notNull().default(1),
    firstApprovedBy: uuid('first_approved_by').references(() => staff.id),
    firstApprovedAt: at('first_approved_at'),
    /** The first officer's proposal: what the second officer confirms. */
    proposedPaise: paise('proposed_paise'),
    secondApprovedBy: uuid('second_approved_by').references(() => staff.id),
    decidedBy: uuid('decided_by').references(() => staff.id),
    reason: text('reason'),
    paidBy: uuid('paid_by').references(() => staff.id),
    paymentPostingId: bigint('payment_posting_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    decidedAt: at('decided_at'),
    paidAt: at('paid_at'),
  },
  (t) => [
    index('compensation_claims_client').on(t.clientId, t.createdAt),
    index('compensation_claims_status').on(t.status, t.decisionDue),
    check('compensation_claims_amount', sql`${t.amountClaimedPaise} > 0`),
    check(
      'compensation_claims_approved',
      sql`${t.amountApprovedPaise} is null or ${t.amountApprovedPaise} between 1 and ${t.amountClaimedPaise}`,
    ),
    check(
      'compensation_claims_two_officers',
      sql`${t.secondApprovedBy} is null or ${t.secondApprovedBy} <> ${t.firstApprovedBy}`,
    ),
    check('compensation_claims_paid', sql`${t.status} <> 'paid' or ${t.paidAt} is not null`),
  ],
);

/** What the claim's timeline shows: each step, question and answer, in words. */
export const compensationEvents = pgTable(
  'compensation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => compensationClaims.id),
    kind: text('kind').notNull(),
    by: text('by').notNull(),
    message: text('message').notNull(),
    detail: jsonb('detail'),
    at: at('at').notNull(),
  },
  (t) => [index('compensation_events_claim').on(t.claimId, t.id)],
);

/** Evidence images: at application or with an answer (event_id), each an upload of the client. */
export const compensationEvidence = pgTable(
  'compensation_evidence',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => compensationClaims.id),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id),
    eventId: bigint('event_id', { mode: 'number' }).references(() => compensationEvents.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.uploadId] })],
);

/** The module's settings: the claim cap and the maker-checker threshold. */
export const compensationConfig = moduleConfigTable('compensation_config');
