import { ConnectMessage } from '@sampada/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthService } from '../auth/service.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { alphanumeric, type AppRow, type Apps } from './apps.ts';
import { connectTokens } from './tables.ts';
import { accessTokenExpiry, KiteError, sha256Hex } from './wire.ts';

const STEP_MS = 5 * 60_000;

export type ApiSessionDeps = {
  db: Db;
  clock: Clock;
  apps: Apps;
  clients: Pick<ClientService, 'findByMobile' | 'passwordMatches' | 'verifyPin' | 'byId'>;
  /** The app's sign-in lockout and the client's second factor: one of each for both pages. */
  auth: Pick<AuthService, 'attempts' | 'totp'>;
  /** Whether the firm has the API switched on (a firm setting). */
  apiEnabled: () => Promise<boolean>;
  /** After a logout commits: the app's open ticker sockets are re-checked on every instance. */
  sessionsChanged?: ((appId: string) => void) | undefined;
};

/** A live API session; `expiresAt` is its access token's end (the next 06:00 IST). */
export type ApiSession = { app: AppRow; client: ClientRow; accessToken: string; expiresAt: Date };

export async function issueToken(
  { db, clock }: ApiSessionDeps,
  kind: 'login' | 'request' | 'access',
  app: AppRow,
  clientId: string,
) {
  const token = alphanumeric(32);
  const now = clock.now();
  await db.insert(connectTokens).values({
    tokenHash: sha256Hex(token),
    kind,
    appId: app.id,
    clientId,
    expiresAt: kind === 'access' ? accessTokenExpiry(now) : new Date(now.getTime() + STEP_MS),
    createdAt: now,
  });
  return token;
}

/** Marks an unused, unexpired token of `kind` used, once: a second use finds nothing. */
export async function spendToken(
  { db, clock }: ApiSessionDeps,
  kind: 'login' | 'request',
  token: string,
) {
  const [row] = await db
    .update(connectTokens)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(connectTokens.tokenHash, sha256Hex(token)),
        eq(connectTokens.kind, kind),
        isNull(connectTokens.usedAt),
        gt(connectTokens.expiresAt, clock.now()),
      ),
    )
    .returning();
  return row;
}

/** The app a login or a request is for: known, switched on, and the API on. */
export async function usableApp(
  { apps, apiEnabled }: ApiSessionDeps,
  apiKey: string,
): Promise<AppRow> {
  if (!(await apiEnabled())) throw new KiteError('PermissionException', ConnectMessage.apiOff);
  const app = await apps.byApiKey(apiKey);
  if (!app) throw new KiteError('InputException', 'Invalid `api_key`.');
  if (app.disabled) throw new KiteError('PermissionException', ConnectMessage.appDisabled);
  return app;
}

/** The app a pending login step is for, to show its name on the consent page. */
export async function pendingLogin({ db, clock }: ApiSessionDeps, loginToken: string) {
  const [row] = await db
    .select()
    .from(connectTokens)
    .where(
      and(
        eq(connectTokens.tokenHash, sha256Hex(loginToken)),
        eq(connectTokens.kind, 'login'),
        isNull(connectTokens.usedAt),
        gt(connectTokens.expiresAt, clock.now()),
      ),
    );
  return row;
}
