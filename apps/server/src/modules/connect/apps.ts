/**
 * API apps: a client creates one (after their second factor), lists theirs, rotates its secret, deletes
 * it; staff disable one. The api_key is public, the secret is shown once and kept sealed.
 */ import type {
  TApiApp,
  TApiAppOrder,
  TApiAppSettings,
  TApiAppWithSecret,
} from '@sampada/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { decrypt } from '../../platform/crypto.ts';
import { type AppDeps, type AppRow, appView } from './app-rows.ts';
import { removeApp, rotateAppSecret, setAppDisabled } from './change-app.ts';
import { createApp } from './create-app.ts';
import { connectApps, connectOrders } from './tables.ts';

export { alphanumeric, type AppRow, appView } from './app-rows.ts';

export function createApps(deps: AppDeps) {
  const { db, sealKey } = deps;
  const secretOf = (row: AppRow) => decrypt(row.secretSealed, sealKey);

  return {
    secretOf,

    create: (
      clientId: string,
      settings: TApiAppSettings,
      actor: Actor,
    ): Promise<TApiAppWithSecret> => createApp(deps, clientId, settings, actor),

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
    rotateSecret: (clientId: string, appId: string, actor: Actor) =>
      rotateAppSecret(deps, clientId, appId, actor),

    async remove(clientId: string, appId: string, actor: Actor) {
      const done = await removeApp(deps, clientId, appId, actor);
      deps.changed?.(appId);
      return done;
    },

    /** Staff switch an app off (or back on); its tokens and ticker sockets stop at once. */
    async setDisabled(appId: string, disabled: boolean, actor: Actor): Promise<TApiApp> {
      const view = await setAppDisabled(deps, appId, disabled, actor);
      deps.changed?.(appId);
      return view;
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
