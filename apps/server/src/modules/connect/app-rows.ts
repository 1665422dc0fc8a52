import { randomBytes } from 'node:crypto';
import { ConnectMessage, type TApiApp } from '@sampada/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { connectApps } from './tables.ts';

export type AppRow = typeof connectApps.$inferSelect;

export type AppDeps = {
  db: Db;
  clock: Clock;
  sealKey: Buffer;
  /** After an app is disabled or deleted commits: its open ticker sockets are re-checked. */
  changed?: ((appId: string) => void) | undefined;
};

// Kite's keys and secrets are lowercase alphanumerics; ours are too, so clients that check
// their shape accept them.
export const alphanumeric = (length: number) =>
  [...randomBytes(length)].map((b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');

export const appView = (row: AppRow): TApiApp => ({
  id: row.id,
  api_key: row.apiKey,
  name: row.name,
  redirect_url: row.redirectUrl,
  postback_url: row.postbackUrl,
  allowed_ips: row.allowedIps,
  disabled: row.disabled,
  created_at: row.createdAt.toISOString(),
});

/** One of the client's own apps; another client's is not found. */
export async function ownApp(executor: Executor, clientId: string, appId: string) {
  const [row] = await executor
    .select()
    .from(connectApps)
    .where(and(eq(connectApps.id, appId), eq(connectApps.clientId, clientId)));
  if (!row) throw notFound(ConnectMessage.appNotFound);
  return row;
}
