import { TwoFactorMessage, type TClientSession } from '@sampada/shared';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { type SessionDeps, sessionEndOf } from './session-deps.ts';
import { revokeSession, sessionRevoked } from './session-tokens.ts';
import { sessions } from './tables.ts';
import { describeUserAgent } from './user-agent.ts';

/** The client's live sessions, newest first, with the one asking marked current. */
export async function listClientSessions(
  deps: SessionDeps,
  clientId: string,
  currentSessionId: string,
): Promise<TClientSession[]> {
  const { db, clock } = deps;
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.createdAt));
  const now = clock.now();
  return rows
    .filter((row) => sessionEndOf(deps, row.createdAt) > now)
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      ip: row.ip,
      place: row.place,
      signed_in_at: row.createdAt.toISOString(),
      last_seen_at: (row.lastRefreshedAt ?? row.createdAt).toISOString(),
      expires_at: sessionEndOf(deps, row.createdAt).toISOString(),
      current: row.id === currentSessionId,
    }));
}

/** Ends one of the client's own sessions (404 for anyone else's). */
export async function endClientSession(
  deps: SessionDeps,
  clientId: string,
  sessionId: string,
  executor: Executor,
) {
  const [row] = await executor
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId)));
  if (!row) throw notFound(TwoFactorMessage.sessionNotFound);
  await revokeSession(deps, executor, sessionId, 'ended by the client');
}

/** "Sign out everywhere else": every live session of the client but this one. */
export async function endOtherSessions(
  deps: SessionDeps,
  clientId: string,
  keepSessionId: string,
  executor: Executor,
) {
  const { clock } = deps;
  const ended = await executor
    .update(sessions)
    .set({ revokedAt: clock.now(), revokeReason: 'signed out elsewhere' })
    .where(
      and(
        eq(sessions.clientId, clientId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length) sessionRevoked(deps, executor, clientId);
  return ended.length;
}
