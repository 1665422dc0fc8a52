import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
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
