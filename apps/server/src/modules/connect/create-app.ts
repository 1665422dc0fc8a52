import { randomUUID } from 'node:crypto';
import {
  ConnectMessage,
  CONNECT_APPS_MAX,
  type TApiAppSettings,
  type TApiAppWithSecret,
} from '@sampada/shared';
import { count, eq } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { encrypt } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { alphanumeric, type AppDeps, appView } from './app-rows.ts';
import { connectApps } from './tables.ts';

/** A new app of the client (at most CONNECT_APPS_MAX); its secret is shown this once. */
export async function createApp(
  { db, clock, sealKey }: AppDeps,
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
}
