/**
 * The login of an API app and its sessions: the password step (a `login` token, 5 minutes),
 * the PIN and consent step (a `request` token for the app's redirect, one use within 5
 * minutes), the exchange for an access token (checked by the app's checksum; valid until
 * 06:00 IST), each request's token check, and logout. Tokens are stored by SHA-256 only.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { canonicalMobile, ConnectMessage, md5 } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { alphanumeric, type AppRow, type Apps } from './apps.ts';
import { connectTokens } from './tables.ts';
import { accessTokenExpiry, KiteError, sessionChecksum, sha256Hex } from './wire.ts';

const STEP_MS = 5 * 60_000;

type Deps = {
  db: Db;
  clock: Clock;
  apps: Apps;
  clients: Pick<ClientService, 'findByMobile' | 'passwordMatches' | 'verifyPin' | 'byId'>;
  /** Whether the firm has the API switched on (a firm setting). */
  apiEnabled: () => Promise<boolean>;
};

export type ApiSession = { app: AppRow; client: ClientRow; accessToken: string };

export function createSessions({ db, clock, apps, clients, apiEnabled }: Deps) {
  async function issue(kind: 'login' | 'request' | 'access', app: AppRow, clientId: string) {
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
  async function spend(kind: 'login' | 'request', token: string) {
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
  async function usableApp(apiKey: string): Promise<AppRow> {
    if (!(await apiEnabled())) throw new KiteError('PermissionException', ConnectMessage.apiOff);
    const app = await apps.byApiKey(apiKey);
    if (!app) throw new KiteError('InputException', 'Invalid `api_key`.');
    if (app.disabled) throw new KiteError('PermissionException', ConnectMessage.appDisabled);
    return app;
  }

  return {
    usableApp,

    /** Password checked: the token of the next step (PIN and consent). */
    async passwordStep(apiKey: string, mobile: string, password: string) {
      const app = await usableApp(apiKey);
      const canonical = canonicalMobile(mobile);
      const client = canonical ? await clients.findByMobile(canonical) : undefined;
      // md5 on the server: the app's forms send the md5 of what was typed, this page the text.
      if (!(await clients.passwordMatches(client, md5(password))) || !client)
        throw badRequest('Incorrect mobile number or password.');
      if (client.id !== app.clientId)
        throw badRequest('This app belongs to another account. Sign in with its owner.');
      return { app, loginToken: await issue('login', app, client.id) };
    },

    /** The app a pending login step is for, to show its name on the consent page. */
    async pendingLogin(loginToken: string) {
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
    },

    /** PIN checked and consent given: the redirect to the app with a request token. */
    async consentStep(loginToken: string, pin: string, ip: string) {
      const pending = await this.pendingLogin(loginToken);
      if (!pending) throw badRequest(ConnectMessage.loginExpired);
      // A wrong PIN counts toward the client's lockout, as in the app.
      await clients.verifyPin(pending.clientId, md5(pin));
      if (!(await spend('login', loginToken))) throw badRequest(ConnectMessage.loginExpired);
      const app = await apps.byId(pending.appId);
      if (!app) throw badRequest(ConnectMessage.loginExpired);
      const requestToken = await issue('request', app, pending.clientId);
      await recordAudit(
        db,
        { type: 'client', id: pending.clientId, ip },
        {
          action: 'api_app.login',
          subjectType: 'api_app',
          subjectId: app.id,
        },
      );
      const target = new URL(app.redirectUrl);
      target.searchParams.set('action', 'login');
      target.searchParams.set('type', 'login');
      target.searchParams.set('status', 'success');
      target.searchParams.set('request_token', requestToken);
      return target.toString();
    },

    /** POST /session/token: the request token, once, for an access token. */
    async exchange(apiKey: string, requestToken: string, checksum: string) {
      const app = await usableApp(apiKey);
      const expected = sessionChecksum(app.apiKey, requestToken, apps.secretOf(app));
      if (!safeEqual(expected, checksum.toLowerCase()))
        throw new KiteError('TokenException', ConnectMessage.checksumInvalid);
      const spent = await spend('request', requestToken);
      if (!spent || spent.appId !== app.id)
        throw new KiteError('TokenException', ConnectMessage.requestTokenInvalid);
      const client = await clients.byId(spent.clientId);
      const accessToken = await issue('access', app, client.id);
      return { app, client, accessToken, loginTime: clock.now() };
    },

    /** Every API request: the app by its key, the session by its token, both live. */
    async authenticate(apiKey: string, accessToken: string): Promise<ApiSession> {
      const app = await usableApp(apiKey);
      const [row] = await db
        .select()
        .from(connectTokens)
        .where(
          and(
            eq(connectTokens.tokenHash, sha256Hex(accessToken)),
            eq(connectTokens.kind, 'access'),
            eq(connectTokens.appId, app.id),
            isNull(connectTokens.usedAt),
            gt(connectTokens.expiresAt, clock.now()),
          ),
        );
      if (!row) throw new KiteError('TokenException', ConnectMessage.tokenInvalid);
      return { app, client: await clients.byId(row.clientId), accessToken };
    },

    /** DELETE /session/token: the access token ends now. */
    async invalidate(apiKey: string, accessToken: string) {
      const app = await usableApp(apiKey);
      await db
        .update(connectTokens)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(connectTokens.tokenHash, sha256Hex(accessToken)),
            eq(connectTokens.kind, 'access'),
            eq(connectTokens.appId, app.id),
          ),
        );
      return true;
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
