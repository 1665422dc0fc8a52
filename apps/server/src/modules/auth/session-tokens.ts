import type { TAuthData } from '@sampada/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addMs } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { whenCommitted } from '../../platform/transaction.ts';
import {
  placeOfAddress,
  type RequestMeta,
  type SessionDeps,
  sessionEndOf,
} from './session-deps.ts';
import { refreshTokens, sessions } from './tables.ts';

/** A session of this client was revoked in `executor`: copies go once it commits. */
export const sessionRevoked = (deps: SessionDeps, executor: Executor, clientId: string) => {
  if (!whenCommitted(executor, () => deps.signedIn.changed(clientId)))
    deps.signedIn.changing(clientId);
};

/** A refresh token never outlives its session's absolute end. */
export async function issueRefreshToken(
  deps: SessionDeps,
  tx: Executor,
  sessionId: string,
  sessionEnds: Date,
  token = randomToken(),
) {
  const byTtl = addMs(deps.clock.now(), deps.refreshTtlSeconds * 1000);
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(token),
    expiresAt: byTtl < sessionEnds ? byTtl : sessionEnds,
  });
  return token;
}

/**
 * `refresh_expires_in` is the refresh TTL, or the time left to the session's absolute end when
 * that is sooner (the token itself expires then: issueRefreshToken). Without `sessionEnds` the
 * session was opened just now and has its whole lifetime ahead.
 */
export async function authData(
  deps: SessionDeps,
  clientId: string,
  sessionId: string,
  refreshToken: string,
  sessionEnds?: Date,
): Promise<TAuthData> {
  const left = sessionEnds
    ? Math.max(0, Math.floor((sessionEnds.getTime() - deps.clock.now().getTime()) / 1000))
    : deps.sessionMaxAgeSeconds;
  return {
    access_token: await deps.signer.sign({ clientId, sessionId }),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: deps.signer.ttlSeconds,
    refresh_expires_in: Math.min(deps.refreshTtlSeconds, left),
  };
}

export async function openSession(
  deps: SessionDeps,
  tx: Executor,
  clientId: string,
  meta: RequestMeta,
) {
  const now = deps.clock.now();
  const [session] = await tx
    .insert(sessions)
    .values({
      clientId,
      createdAt: now,
      ip: meta.ip,
      place: await placeOfAddress(deps, meta.ip),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  const refresh = await issueRefreshToken(deps, tx, session!.id, sessionEndOf(deps, now));
  return { sessionId: session!.id, refresh };
}

export async function revokeSession(
  deps: SessionDeps,
  executor: Executor,
  sessionId: string,
  reason: string,
) {
  const ended = await executor
    .update(sessions)
    .set({ revokedAt: deps.clock.now(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ clientId: sessions.clientId });
  for (const { clientId } of ended) sessionRevoked(deps, executor, clientId);
}

export async function revokeAllSessions(
  deps: SessionDeps,
  executor: Executor,
  clientId: string,
  reason: string,
) {
  await executor
    .update(sessions)
    .set({ revokedAt: deps.clock.now(), revokeReason: reason })
    .where(and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
  sessionRevoked(deps, executor, clientId);
}
