import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';

/**
 * A client's API app (issue 35, decision 030). The secret is kept sealed with the data key,
 * not hashed: the wire's checksums (session and postbacks) are SHA-256 over the secret itself,
 * so the server must be able to recompute them. It is shown to the client once.
 */
export const connectApps = pgTable(
  'connect_apps',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    apiKey: text('api_key').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    name: text('name').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    postbackUrl: text('postback_url'),
    allowedIps: text('allowed_ips').array().notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('connect_apps_api_key').on(t.apiKey),
    index('connect_apps_client').on(t.clientId),
    check('connect_apps_ips', sql`cardinality(${t.allowedIps}) between 1 and 5`),
  ],
);

/**
 * The login's steps and its tokens, stored by their SHA-256 only: `login` (password passed,
 * waiting for the PIN and consent), `request` (one use within 5 minutes) and `access` (until
 * 06:00 IST the next day, or logout).
 */
export const connectTokens = pgTable(
  'connect_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    appId: uuid('app_id')
      .notNull()
      .references(() => connectApps.id, { onDelete: 'cascade' }),
    clientId: clientRef(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('connect_tokens_app').on(t.appId),
    check('connect_tokens_kind', sql`${t.kind} in ('login', 'request', 'access')`),
  ],
);

/**
 * Which app placed an order, and its tag: the order record's link to the API (an app order
 * modified through the API gets a row without one).
 */
export const connectOrders = pgTable(
  'connect_orders',
  {
    orderId: uuid('order_id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => connectApps.id, { onDelete: 'cascade' }),
    tag: text('tag'),
    /** Modifications made through the API (at most 25 an order). */
    modifications: integer('modifications').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('connect_orders_app').on(t.appId)],
);

/**
 * A GTT's number on the Kite wire (its `trigger_id`, an integer there) and the app that set it
 * (none for a GTT set in the app). The GTT itself is trading's; a row is added the first time
 * the API shows it.
 */
export const connectGtts = pgTable(
  'connect_gtts',
  {
    triggerId: bigint('trigger_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gttId: uuid('gtt_id').notNull(),
    appId: uuid('app_id').references(() => connectApps.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('connect_gtts_gtt').on(t.gttId)],
);

/**
 * The per-app limits' counts when no Redis is configured: one row per app, kind and window,
 * shared by every instance on this database (limits.ts). Old windows are swept now and then.
 */
export const connectLimitCounts = pgTable(
  'connect_limit_counts',
  {
    appId: uuid('app_id').notNull(),
    kind: text('kind').notNull(),
    windowMs: integer('window_ms').notNull(),
    windowIndex: bigint('window_index', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'connect_limit_counts_pk',
      columns: [t.appId, t.kind, t.windowMs, t.windowIndex],
    }),
  ],
);

/** What a postback POSTs, less its checksum (worked out from the app's secret at each send). */
export type PostbackPayload = { order_id: string; order_timestamp: string | null } & Record<
  string,
  unknown
>;

/**
 * One postback of one order event (status, time, filled quantity): the instance that inserts
 * the row delivers it at once, so with several instances on one bus each event is POSTed once.
 * It is also the postback's outbox (decision 042, `platform/outbox.ts`): a failed attempt waits
 * `queued` until `next_attempt_at`, when any instance's sweep claims it (`sending`, leased
 * until `next_attempt_at`); and the app's delivery log. Rows from before migration 0037 have
 * no payload and no `next_attempt_at`, and are never claimed.
 */
export const connectPostbacks = pgTable(
  'connect_postbacks',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => connectApps.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<PostbackPayload>(),
    status: text('status').notNull().default('sending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    uniqueIndex('connect_postbacks_event').on(t.orderId, t.event),
    index('connect_postbacks_app').on(t.appId, t.createdAt),
    index('connect_postbacks_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    check(
      'connect_postbacks_status',
      sql`${t.status} in ('queued', 'sending', 'delivered', 'failed')`,
    ),
  ],
);
export type PostbackRow = typeof connectPostbacks.$inferSelect;
