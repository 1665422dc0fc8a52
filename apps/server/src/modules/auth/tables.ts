import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';

/** One sign-in: the family that every rotated refresh token descends from. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    /** Set by pwd_verify; setting a PIN requires it to be recent. */
    passwordVerifiedAt: timestamp('password_verified_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Where `ip` is, in words, when DB-IP knows (issue 32); follows `ip` on a refresh. */
    place: text('place'),
  },
  (t) => [index('sessions_client').on(t.clientId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    /**
     * The token that replaced this one, encrypted, kept only for the short grace in which a
     * second tab presenting this one at the same moment gets the same answer (decision 027).
     */
    successorEnc: text('successor_enc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/** A 6-digit code an advisor reads to a client, then the one-time token it unlocks. */
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash').unique(),
    resetTokenExpiresAt: timestamp('reset_token_expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    issuedByStaffId: uuid('issued_by_staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reset_codes_client').on(t.clientId)],
);

/** A client's second factor: the TOTP secret (encrypted) and one-time recovery codes. */
export const clientTotp = pgTable('client_totp', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  /** Set by `totp/enrol`; becomes the secret when `totp/confirm` proves a first code. */
  pendingSecretEnc: text('pending_secret_enc'),
  pendingAt: timestamp('pending_at', { withTimezone: true }),
  secretEnc: text('secret_enc'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step accepted: a code is good once (replay refused). */
  lastStep: integer('last_step'),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
});

/** The password was right and a second factor is owed: lives 5 minutes, 5 wrong codes. */
export const clientChallenges = pgTable(
  'client_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    tokenHash: text('token_hash').notNull().unique(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_challenges_client').on(t.clientId)],
);
