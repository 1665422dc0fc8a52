import { ConnectMessage, type TApiApp } from '@sampada/shared';
import { eq } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { encrypt } from '../../platform/crypto.ts';
import { notFound } from '../../platform/errors.ts';
import { alphanumeric, type AppDeps, appView, ownApp } from './app-rows.ts';
import { connectApps } from './tables.ts';

/** A new secret for one of the client's apps: the old one stops working, the new is shown once. */
export async function rotateAppSecret(
  { db, clock, sealKey }: AppDeps,
  clientId: string,
  appId: string,
  actor: Actor,
) {
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
}

export async function removeApp({ db }: AppDeps, clientId: string, appId: string, actor: Actor) {
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
}

/** Staff switch an app off (or back on); its tokens stop working at once. */
export async function setAppDisabled(
  { db, clock }: AppDeps,
  appId: string,
  disabled: boolean,
  actor: Actor,
): Promise<TApiApp> {
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
}
