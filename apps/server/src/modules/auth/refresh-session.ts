import { ApiMessage, type TAuthData } from '@sampada/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decrypt, encrypt, randomToken, sha256 } from '../../platform/crypto.ts';
import { unauthorized } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import {
  placeOfAddress,
  REFRESH_GRACE_MS,
  type RequestMeta,
  type SessionDeps,
  sessionEndOf,
} from './session-deps.ts';
import { authData, issueRefreshToken, revokeSession } from './session-tokens.ts';
import { refreshTokens, sessions } from './tables.ts';

/**
 * The refresh that won the race's token, for a loser presenting the immediately previous
 * token within the grace: its successor must still be unspent (else this one is older).
 */
async function graceAnswer(deps: SessionDeps, tx: Executor, tokenId: string, now: Date) {
  const [old] = await tx
    .select({ spentAt: refreshTokens.spentAt, successorEnc: refreshTokens.successorEnc })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, tokenId));
  if (!old?.spentAt || !old.successorEnc) return null;
  if (now.getTime() - old.spentAt.getTime() > REFRESH_GRACE_MS) return null;
  const successor = decrypt(old.successorEnc, deps.dataKey);
  const [next] = await tx
    .select({ spentAt: refreshTokens.spentAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(successor)));
  return next && !next.spentAt ? successor : null;
}

/**
 * The session was seen now, from `meta.ip`: a new address moves its place too, so the client's
 * list says where each session was last seen.
 */
async function markSeen(
  deps: SessionDeps,
  tx: Executor,
  session: { sessionId: string; ip: string | null },
  at: Date,
  meta: RequestMeta,
) {
  const moved =
    meta.ip === session.ip ? {} : { ip: meta.ip, place: await placeOfAddress(deps, meta.ip) };
  await tx
    .update(sessions)
    .set({ lastRefreshedAt: at, ...moved })
    .where(eq(sessions.id, session.sessionId));
}

/**
 * Trades a refresh token for new tokens; a spent one (outside the grace) revokes the session.
 * A client who owes a first enrolment (`enrolmentOwed`) gets no tokens: the session ends and
 * the answer names the client, for sign-in's enrolment challenge.
 */
export async function refreshSession(
  deps: SessionDeps,
  refreshToken: string,
  meta: RequestMeta,
  enrolmentOwed?: (clientId: string, tx: Executor) => Promise<boolean>,
): Promise<TAuthData | { enrolClientId: string }> {
  const { db, clock, dataKey, signedIn } = deps;
  const now = clock.now();
  const result = await inTransaction(db, async (tx) => {
    const [token] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: sessions.revokedAt,
        createdAt: sessions.createdAt,
        clientId: sessions.clientId,
        ip: sessions.ip,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (!token || token.revokedAt || token.expiresAt <= now) return { ok: false as const };
    if (sessionEndOf(deps, token.createdAt) <= now) {
      await revokeSession(deps, tx, token.sessionId, 'session lifetime ended');
      return { ok: false as const };
    }
    // A session opened before the firm required 2FA ends here: its client must enrol first.
    if (await enrolmentOwed?.(token.clientId, tx)) {
      await revokeSession(deps, tx, token.sessionId, 'second factor required');
      return { ok: false as const, enrol: token.clientId };
    }
    const next = randomToken();
    const [spent] = await tx
      .update(refreshTokens)
      .set({ spentAt: now, successorEnc: encrypt(next, dataKey) })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.spentAt)))
      .returning({ id: refreshTokens.id });
    if (!spent) {
      const same = await graceAnswer(deps, tx, token.id, now);
      if (same) return { ok: true as const, ...token, next: same };
      await revokeSession(deps, tx, token.sessionId, 'refresh token reused');
      return { ok: false as const, reused: true };
    }
    await markSeen(deps, tx, token, now, meta);
    await issueRefreshToken(deps, tx, token.sessionId, sessionEndOf(deps, token.createdAt), next);
    return { ok: true as const, ...token, next };
  });
  if (!result.ok) {
    if (result.reused || result.enrol) await signedIn.settled();
    if (result.enrol) return { enrolClientId: result.enrol };
    throw unauthorized(ApiMessage.refreshInvalid);
  }
  const ends = sessionEndOf(deps, result.createdAt);
  return authData(deps, result.clientId, result.sessionId, result.next, ends);
}
