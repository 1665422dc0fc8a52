/**
 * Engagement's own tables (docs/api-engagement.md): VIP tiers, daily closing assets, each
 * client's computed standing, the score's history and staff adjustments, achievements earned.
 * `clients.vip` and `clients.score` (the clients module's) carry the stored result for
 * `client_info`; these tables carry the why.
 */
import { sql } from 'drizzle-orm';
import {
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
import { at, paise } from '../../db/columns.ts';
import { clientRef, clients } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';

/** Levels 0–5, seeded by the engagement_seed migration, edited by admins. */
export const vipTiers = pgTable(
  'vip_tiers',
  {
    level: integer('level').primaryKey(),
    minAssetsPaise: paise('min_assets_paise').notNull(),
    brokerageDiscountBps: integer('brokerage_discount_bps').notNull().default(0),
    dailyWithdrawalLimitPaise: paise('daily_withdrawal_limit_paise'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('vip_tiers_level', sql`${t.level} between 0 and 5`),
    check('vip_tiers_discount', sql`${t.brokerageDiscountBps} between 0 and 10000`),
  ],
);

/** One row per client and IST day: the last computation of the day is its closing value. */
export const assetSnapshots = pgTable(
  'asset_snapshots',
  {
    clientId: clientRef(),
    day: date('day').notNull(),
    assetsPaise: paise('assets_paise').notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);

/** A client's last computed standing: level, score and its parts. */
export const engagementStatus = pgTable('engagement_status', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  vip: integer('vip').notNull(),
  averageAssetsPaise: paise('average_assets_paise').notNull(),
  score: integer('score').notNull(),
  parts: jsonb('parts').notNull(),
  computedAt: at('computed_at').notNull(),
});

/** The score each time it changed, and why. */
export const scoreHistory = pgTable(
  'score_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientRef(),
    score: integer('score').notNull(),
    reason: text('reason').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('score_history_client').on(t.clientId, t.id)],
);

/** Staff adjustments of the score: each a part of it, with its reason (and an audit row). */
export const scoreAdjustments = pgTable(
  'score_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientRef(),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    at: at('at').notNull(),
  },
  (t) => [index('score_adjustments_client').on(t.clientId)],
);

/** Earned once: the primary key makes a replayed or concurrent grant a no-op. */
export const achievementsEarned = pgTable(
  'achievements_earned',
  {
    clientId: clientRef(),
    code: text('code').notNull(),
    earnedAt: at('earned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.code] })],
);

/**
 * Clients whose standing an event has made stale and that no computation has caught up with
 * yet: the durable half of the recomputation queue (decision 034). The step that changes a
 * client's facts writes its row in the step's own transaction (folded into the audit row's
 * statement), so a crash after the commit cannot lose it; a computation deletes the row it
 * read before its facts unless another event touched it since (`asks` moved). Rows untouched
 * for a while are swept up by every instance (a crash, a lost bus message).
 */
export const engagementDue = pgTable(
  'engagement_due',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id),
    /** What asked, distinct, in order (the history's reason if the sweep computes it). */
    reasons: text('reasons').array().notNull(),
    /** Bumped by every event: a computation deletes the row only if it is still what it read. */
    asks: integer('asks').notNull().default(1),
    /** The last event's transaction time. */
    askedAt: at('asked_at').notNull(),
  },
  (t) => [index('engagement_due_asked').on(t.askedAt)],
);
