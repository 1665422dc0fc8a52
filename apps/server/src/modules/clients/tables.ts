import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { staff } from '../staff/tables.ts';

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The UID a client reads and copies: 8 digits, never reused. */
    uid: text('uid').notNull().unique(),
    /** '+91' and 10 digits: one spelling per person. */
    mobile: text('mobile').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    pinHash: text('pin_hash'),
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    name: text('name'),
    avatarFile: text('avatar_file'),
    vip: integer('vip').notNull().default(0),
    score: integer('score').notNull().default(0),
    orderNum: integer('order_num').notNull().default(0),
    kycStatus: text('kyc_status').notNull().default('unverified'),
    allowCompensation: boolean('allow_compensation').notNull().default(false),
    allowBonus: boolean('allow_bonus').notNull().default(false),
    allowLoan: boolean('allow_loan').notNull().default(false),
    advisorId: uuid('advisor_id').references(() => staff.id),
    inviteCodeId: uuid('invite_code_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'clients_kyc_status',
      sql`${t.kycStatus} in ('unverified','pending','approved','rejected')`,
    ),
    check('clients_score_range', sql`${t.score} between 0 and 100`),
  ],
);

/** The client a row of another module belongs to (`client_id`, required). */
export const clientRef = () =>
  uuid('client_id')
    .notNull()
    .references(() => clients.id);

/**
 * A session's trading window (docs/decisions/004-pin-trading-window.md): opened by a full
 * argon2id PIN check, it lets orders in that session check their PIN against a keyed HMAC of
 * the PIN verified then (HMAC-SHA256 under a server key, over the session id and the PIN).
 * Kept in the database so every server instance sees it; closed by logout, password change,
 * PIN change and PIN lockout, and ignored once `expires_at` passes. `session_id` is not a
 * foreign key: sessions belong to the auth module, which already references this module.
 */
export const pinWindows = pgTable(
  'pin_windows',
  {
    sessionId: uuid('session_id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    pinMac: text('pin_mac').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pin_windows_client').on(t.clientId)],
);
