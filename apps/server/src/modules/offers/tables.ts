import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at, paise } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';

/**
 * Promotions staff publish. A bonus offer carries a budget; `budget_used_paise` grows only by
 * an UPDATE guarded on the room left, so however many claims race, the database never lets
 * it pass the budget (and the check below is the last guard).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A file name under files/offers (public), or null. */
    imageFile: text('image_file'),
    kind: text('kind').notNull(),
    bonusKind: text('bonus_kind'),
    amountPaise: paise('amount_paise'),
    cashbackBps: integer('cashback_bps'),
    cashbackCapPaise: paise('cashback_cap_paise'),
    budgetPaise: paise('budget_paise'),
    budgetUsedPaise: paise('budget_used_paise')
      .notNull()
      .default(sql`0`),
    claims: integer('claims').notNull().default(0),
    minVip: integer('min_vip').notNull().default(0),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    status: text('status').notNull().default('draft'),
    createdBy: uuid('created_by').references(() => staff.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('offers_status').on(t.status, t.validUntil),
    check(
      'offers_budget',
      sql`${t.budgetUsedPaise} >= 0 and (${t.budgetPaise} is null or ${t.budgetUsedPaise} <= ${t.budgetPaise})`,
    ),
    check('offers_validity', sql`${t.validUntil} > ${t.validFrom}`),
    check('offers_kind', sql`${t.kind} in ('info', 'bonus')`),
  ],
);

/** One claim per client and offer (the unique key decides a double claim), credited at once. */
export const offerClaims = pgTable(
  'offer_claims',
  {
    id: uuid('id').primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    clientId: clientRef(),
    amountPaise: paise('amount_paise').notNull(),
    status: text('status').notNull().default('credited'),
    /** Set in the claim's transaction, right after the row that makes the claim once. */
    postingId: bigint('posting_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('offer_claims_once').on(t.offerId, t.clientId),
    index('offer_claims_client').on(t.clientId, t.createdAt),
    check('offer_claims_amount', sql`${t.amountPaise} > 0`),
  ],
);
