import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from '../staff/tables.ts';

/**
 * Step one of a staff sign-in: the password was right, the second factor is still owed.
 * For a first sign-in the TOTP secret and recovery codes wait here until the staff member
 * confirms them with a first code; only then are they copied to the staff row.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'verify' (TOTP already enrolled) or 'enrol' (first sign-in). */
    kind: text('kind').notNull(),
    pendingSecretEnc: text('pending_secret_enc'),
    pendingRecoveryHashes: text('pending_recovery_hashes').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_challenges_staff').on(t.staffId)],
);

/** A console session: an opaque bearer token stored as SHA-256, idle and absolute expiry. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

export type StaffSessionRow = typeof staffSessions.$inferSelect;
