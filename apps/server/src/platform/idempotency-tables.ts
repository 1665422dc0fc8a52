import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of money-moving requests (platform/idempotency.ts). A row is written in
 * the same transaction as the request's effect, so it exists exactly when the effect does.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: 'client:<uuid>' or 'staff:<uuid>'. Keys of different callers never meet. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    /** Taken first, in the effect's transaction; the answer is filled in before it commits. */
    status: integer('status'),
    /** The envelope answered the first time, replayed as is. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created').on(t.createdAt),
  ],
);
