import { ApiMessage } from '@sampada/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { unauthorized } from '../../platform/errors.ts';
import type { SessionDeps } from './session-deps.ts';
import { sessions } from './tables.ts';
import type { AccessClaims } from './tokens.ts';

/**
 * Every authenticated request asks one of these: built once and prepared on each pooled
 * connection, so a request pays neither drizzle's query building nor PostgreSQL's planning.
 * `liveSessionClient` answers through the signed-in cache (platform/signed-in-cache.ts):
 * a revocation drops its copies before the revoking request answers, on every instance.
 */
export function prepareLiveSessions(deps: SessionDeps) {
  const { db, clients } = deps;
  const liveSession = db
    .select({ revokedAt: sessions.revokedAt, clientId: sessions.clientId })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_live_session');
  // A route that answers from the client's row reads it in the same statement: the clients
  // module's row, where its id is the client of this live session.
  const liveClientId = () =>
    db
      .select({ clientId: sessions.clientId })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.clientId, sql.placeholder('clientId')),
          isNull(sessions.revokedAt),
        ),
      );
  const liveSessionClient = clients.prepareRowWhereIdIn(liveClientId(), 'auth_live_session_client');
  // The orders route's: the row and the session's trading window, never from a copy.
  const liveSessionTrader = clients.prepareTraderWhereIdIn(
    liveClientId(),
    'auth_live_session_trader',
  );
  return { liveSession, liveSessionClient, liveSessionTrader };
}

export type LiveSessions = ReturnType<typeof prepareLiveSessions>;

const isLive = (
  session: { revokedAt: Date | null; clientId: string } | undefined,
  claims: AccessClaims,
) => session && !session.revokedAt && session.clientId === claims.clientId;

/** Resolves an access token to a live session; 401 for anything else. */
export async function authenticate(
  deps: SessionDeps,
  live: LiveSessions,
  accessToken: string,
): Promise<AccessClaims> {
  const claims = await deps.signer.verify(accessToken);
  const [session] = await live.liveSession.execute({ sessionId: claims.sessionId });
  if (!isLive(session, claims)) throw unauthorized(ApiMessage.tokenInvalid);
  return claims;
}

/** The same check, also reading the client's row in the same indexed query. */
export async function authenticateWithClient(
  deps: SessionDeps,
  live: LiveSessions,
  accessToken: string,
) {
  const claims = await deps.signer.verify(accessToken);
  const client = await deps.signedIn.read(claims.sessionId, claims.clientId, async () => {
    const [row] = await live.liveSessionClient.execute({
      sessionId: claims.sessionId,
      clientId: claims.clientId,
    });
    return row;
  });
  if (!client) throw unauthorized(ApiMessage.tokenInvalid);
  return { ...claims, client };
}

/**
 * The same check for an order: the client's row as it is now and the session's open trading
 * window, read with the session in one statement — the round trip the order's checks would
 * otherwise make again (decision 084).
 */
export async function authenticateTrader(
  deps: SessionDeps,
  live: LiveSessions,
  accessToken: string,
) {
  const claims = await deps.signer.verify(accessToken);
  const trader = await live.liveSessionTrader({
    sessionId: claims.sessionId,
    clientId: claims.clientId,
  });
  if (!trader) throw unauthorized(ApiMessage.tokenInvalid);
  return { ...claims, client: trader.client, tradingWindow: trader.window };
}
