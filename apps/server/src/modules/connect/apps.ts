/**
 * API apps: a client creates one (after their PIN), lists theirs, rotates its secret, deletes
 * it; staff disable one. The api_key is public, the secret is shown once and kept sealed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  type TApiAppOrder,
  ConnectMessage,
  CONNECT_APPS_MAX,
  type TApiApp,
  type TApiAppSettings,
  type TApiAppWithSecret,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { decrypt, encrypt } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { connectApps, connectOrders } from './tables.ts';

export type AppRow = typeof connectApps.$inferSelect;

type Deps = { db: Db; clock: Clock; sealKey: Buffer };

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

export function createApps({ db, clock, sealKey }: Deps) {
  const secretOf = (row: AppRow) => decrypt(row.secretSealed, sealKey);

  async function ownApp(executor: Executor, clientId: string, appId: string) {
    const [row] = await executor
      .select()
      .from(connectApps)
      .where(and(eq(connectApps.id, appId), eq(connectApps.clientId, clientId)));
    if (!row) throw notFound(ConnectMessage.appNotFound);
    return row;
  }

  return {
    secretOf,

    async create(
      clientId: string,
      settings: TApiAppSettings,
      actor: Actor,
    ): Promise<TApiAppWithSecret> {
      const secret = alphanumeric(32);
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select({ n: count() })
          .from(connectApps)
          .where(eq(connectApps.clientId, clientId));
        if ((held?.n ?? 0) >= CONNECT_APPS_MAX) throw badRequest(ConnectMessage.appLimit);
        const [row] = await tx
          .insert(connectApps)
          .values({
            id: randomUUID(),
            clientId,
            apiKey: alphanumeric(16),
            secretSealed: encrypt(secret, sealKey),
            name: settings.name,
            redirectUrl: settings.redirect_url,
            postbackUrl: settings.postback_url ?? null,
            allowedIps: settings.allowed_ips,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          })
          .returning();
        const view = appView(row!);
        await recordAudit(tx, actor, {
          action: 'api_app.create',
          subjectType: 'api_app',
          subjectId: row!.id,
          after: view,
        });
        return { ...view, api_secret: secret };
      });
    },

    /** Which of `orderIds` the client's own apps placed (another client's ids answer nothing). */
    async ordersOf(clientId: string, orderIds: string[]): Promise<TApiAppOrder[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .select({
          orderId: connectOrders.orderId,
          appId: connectApps.id,
          name: connectApps.name,
          tag: connectOrders.tag,
        })
        .from(connectOrders)
        .innerJoin(connectApps, eq(connectApps.id, connectOrders.appId))
        .where(and(eq(connectApps.clientId, clientId), inArray(connectOrders.orderId, orderIds)));
      return rows.map((r) => ({
        order_id: r.orderId,
        app_id: r.appId,
        app_name: r.name,
        tag: r.tag,
      }));
    },

    async listOf(clientId: string): Promise<TApiApp[]> {
      const rows = await db
        .select()
        .from(connectApps)
        .where(eq(connectApps.clientId, clientId))
        .orderBy(asc(connectApps.createdAt));
      return rows.map(appView);
    },

    async rotateSecret(clientId: string, appId: string, actor: Actor) {
      const secret = alphanumeric(32);
      return db.transaction(async (tx) => {
        await ownApp(tx, clientId, appId);
        const [row] = await tx
          .update(connectApps)
          .set({ secretSealed: encrypt(secret, sealKey), updatedAt: clock.now() })
          .where(eq(connectApps.id, appId))
          .returning();
        await recordAudit(tx, actor, {
          action: 'api_app.rotate_secret',
          subjectType: 'api_app',
          subjectId: appId,
        });
        return { ...appView(row!), api_secret: secret };
      });
    },

    async remove(clientId: string, appId: string, actor: Actor) {
      await db.transaction(async (tx) => {
        const row = await ownApp(tx, clientId, appId);
        await tx.delete(connectApps).where(eq(connectApps.id, appId));
        await recordAudit(tx, actor, {
          action: 'api_app.delete',
          subjectType: 'api_app',
          subjectId: appId,
          before: appView(row),
        });
      });
      return null;
    },

    /** Staff switch an app off (or back on); its tokens stop working at once. */
    async setDisabled(appId: string, disabled: boolean, actor: Actor): Promise<TApiApp> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(connectApps)
          .set({ disabled, updatedAt: clock.now() })
          .where(eq(connectApps.id, appId))
          .returning();
        if (!row) throw notFound(ConnectMessage.appNotFound);
        await recordAudit(tx, actor, {
          action: disabled ? 'api_app.disable' : 'api_app.enable',
          subjectType: 'api_app',
          subjectId: appId,
        });
        return appView(row);
      });
    },

    async byId(appId: string, executor: Executor = db) {
      const [row] = await executor.select().from(connectApps).where(eq(connectApps.id, appId));
      return row;
    },

    async byApiKey(apiKey: string, executor: Executor = db) {
      const [row] = await executor.select().from(connectApps).where(eq(connectApps.apiKey, apiKey));
      return row;
    },
  };
}
export type Apps = ReturnType<typeof createApps>;
