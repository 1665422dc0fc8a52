/**
 * Sessions and their refresh tokens. Refresh tokens are opaque, stored as SHA-256, and rotate
 * on every use; presenting one that was already spent revokes the whole session, because only
 * a thief would hold it. Every authenticated request checks its session here.
 */
import type { TAuthData, TClientSession } from '@sampada/shared';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { endClientSession, endOtherSessions, listClientSessions } from './client-sessions.ts';
import {
  authenticate,
  authenticateTrader,
  authenticateWithClient,
  prepareLiveSessions,
} from './live-sessions.ts';
import {
  markPasswordVerified,
  requireRecentPasswordVerification,
} from './password-verification.ts';
import { refreshSession } from './refresh-session.ts';
import type { RequestMeta, SessionDeps } from './session-deps.ts';
import { authData, openSession, revokeAllSessions, revokeSession } from './session-tokens.ts';
import { sessions } from './tables.ts';
import type { AccessClaims } from './tokens.ts';

export {
  PASSWORD_VERIFICATION_TTL_MS,
  REFRESH_GRACE_MS,
  type RequestMeta,
  type SessionDeps,
} from './session-deps.ts';

export function createSessions(deps: SessionDeps) {
  const { db } = deps;
  const live = prepareLiveSessions(deps);

  return {
    authData: (clientId: string, sessionId: string, refreshToken: string): Promise<TAuthData> =>
      authData(deps, clientId, sessionId, refreshToken),
    openSession: (tx: Executor, clientId: string, meta: RequestMeta) =>
      openSession(deps, tx, clientId, meta),
    revokeSession: (executor: Executor, sessionId: string, reason: string) =>
      revokeSession(deps, executor, sessionId, reason),
    revokeAllSessions: (executor: Executor, clientId: string, reason: string) =>
      revokeAllSessions(deps, executor, clientId, reason),

    /** Resolves an access token to a live session; 401 for anything else. */
    authenticate: (accessToken: string): Promise<AccessClaims> =>
      authenticate(deps, live, accessToken),

    /** The same check, also reading the client's row in the same indexed query. */
    authenticateWithClient: (accessToken: string) =>
      authenticateWithClient(deps, live, accessToken),

    /** The same, with the row as it is now and the session's open trading window (orders). */
    authenticateTrader: (accessToken: string) => authenticateTrader(deps, live, accessToken),

    /** Also where the session was last seen: `meta.ip`, and its place when it moved. */
    refresh: (
      refreshToken: string,
      meta: RequestMeta,
      enrolmentOwed?: (clientId: string, tx: Executor) => Promise<boolean>,
    ) => refreshSession(deps, refreshToken, meta, enrolmentOwed),

    /** The client's live sessions, newest first, with the one asking marked current. */
    listSessions: (clientId: string, currentSessionId: string): Promise<TClientSession[]> =>
      listClientSessions(deps, clientId, currentSessionId),

    /** Ends one of the client's own sessions (404 for anyone else's). */
    endSession: (clientId: string, sessionId: string, executor: Executor) =>
      endClientSession(deps, clientId, sessionId, executor),

    /** "Sign out everywhere else": every live session of the client but this one. */
    endOtherSessions: (clientId: string, keepSessionId: string, executor: Executor) =>
      endOtherSessions(deps, clientId, keepSessionId, executor),

    /**
     * Which of these sessions are still live: the sockets' re-check (on every revocation the
     * bus announces, and at each heartbeat) asks once for all the sockets it holds.
     */
    async liveSessionsAmong(sessionIds: readonly string[]): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt)));
      return new Set(rows.map((row) => row.id));
    },

    markPasswordVerified: (sessionId: string) => markPasswordVerified(deps, sessionId),

    /** Setting a PIN needs the password confirmed in this session within the last 5 minutes. */
    requireRecentPasswordVerification: (sessionId: string) =>
      requireRecentPasswordVerification(deps, sessionId),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
