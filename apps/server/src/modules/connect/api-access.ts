import { ConnectMessage } from '@sampada/shared';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { safeEqual } from '../../platform/crypto.ts';
import {
  type ApiSession,
  type ApiSessionDeps,
  issueToken,
  spendToken,
  usableApp,
} from './api-tokens.ts';
import { connectApps, connectTokens } from './tables.ts';
import { KiteError, sessionChecksum, sha256Hex } from './wire.ts';

/** POST /session/token: the request token, once, for an access token. */
export async function exchangeRequestToken(
  deps: ApiSessionDeps,
  apiKey: string,
  requestToken: string,
  checksum: string,
) {
  const { clock, apps, clients } = deps;
  const app = await usableApp(deps, apiKey);
  const expected = sessionChecksum(app.apiKey, requestToken, apps.secretOf(app));
  if (!safeEqual(expected, checksum.toLowerCase()))
    throw new KiteError('TokenException', ConnectMessage.checksumInvalid);
  const spent = await spendToken(deps, 'request', requestToken);
  if (!spent || spent.appId !== app.id)
    throw new KiteError('TokenException', ConnectMessage.requestTokenInvalid);
  const client = await clients.byId(spent.clientId);
  const accessToken = await issueToken(deps, 'access', app, client.id);
  return { app, client, accessToken, loginTime: clock.now() };
}

/** Every API request: the app by its key, the session by its token, both live. */
export async function authenticateApi(
  deps: ApiSessionDeps,
  apiKey: string,
  accessToken: string,
): Promise<ApiSession> {
  const { db, clock, clients } = deps;
  const app = await usableApp(deps, apiKey);
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
  return {
    app,
    client: await clients.byId(row.clientId),
    accessToken,
    expiresAt: row.expiresAt,
  };
}

/**
 * Which of these access tokens (by hash) are live now — not logged out, not expired, their
 * app enabled, the API on — in one query, for the ticker's open sockets.
 */
export async function liveAccessTokens(
  deps: ApiSessionDeps,
  tokenHashes: string[],
): Promise<Set<string>> {
  const { db, clock } = deps;
  if (tokenHashes.length === 0 || !(await deps.apiEnabled())) return new Set();
  const rows = await db
    .select({ tokenHash: connectTokens.tokenHash })
    .from(connectTokens)
    .innerJoin(connectApps, eq(connectApps.id, connectTokens.appId))
    .where(
      and(
        inArray(connectTokens.tokenHash, tokenHashes),
        eq(connectTokens.kind, 'access'),
        isNull(connectTokens.usedAt),
        gt(connectTokens.expiresAt, clock.now()),
        eq(connectApps.disabled, false),
      ),
    );
  return new Set(rows.map((r) => r.tokenHash));
}

/** DELETE /session/token: the access token ends now. */
export async function invalidateAccessToken(
  deps: ApiSessionDeps,
  apiKey: string,
  accessToken: string,
) {
  const { db, clock } = deps;
  const app = await usableApp(deps, apiKey);
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
  deps.sessionsChanged?.(app.id);
  return true;
}
