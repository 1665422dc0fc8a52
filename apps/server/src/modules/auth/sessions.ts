/**
 * Sessions and their refresh tokens. Refresh tokens are opaque, stored as SHA-256, and rotate
 * on every use; presenting one that was already spent revokes the whole session, because only
 * a thief would hold it. Every authenticated request checks its session here.
 */
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ApiMessage, type TAuthData, type TClientSession, TwoFactorMessage } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { addMs, type Clock, MINUTE } from '../../platform/clock.ts';
import { decrypt, encrypt, randomToken, sha256 } from '../../platform/crypto.ts';
import { badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { whenCommitted, inTransaction } from '../../platform/transaction.ts';
import type { SignedInCache } from '../../platform/signed-in-cache.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { refreshTokens, sessions } from './tables.ts';
import type { AccessClaims, TokenSigner } from './tokens.ts';
import { describeUserAgent } from './user-agent.ts';

export type RequestMeta = { ip: string; userAgent?: string };

export const PASSWORD_VERIFICATION_TTL_MS = 5 * MINUTE;
/**
 * Two tabs refreshing with the same token at once: the one that loses the race, within this
 * long, gets the winner's answer instead of revoking the session as a reuse would.
 */
export const REFRESH_GRACE_MS = 10_000;

export function createSessions({
  db,
  clock,
  signer,
  refreshTtlSeconds,
  sessionMaxAgeSeconds,
  dataKey,
  clients,
  signedIn,
}: {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  /** The absolute lifetime from sign-in that no refresh extends. */
  sessionMaxAgeSeconds: number;
  /** Seals a spent token's successor for the grace (decision 027). */
  dataKey: Buffer;
  clients: Pick<ClientService, 'prepareRowWhereIdIn'>;
  /** Copies of live sessions with their client rows, for `authenticateWithClient`. */
  signedIn: SignedInCache<ClientRow>;
}) {
  /** A session of this client was revoked in `executor`: copies go once it commits. */
  const revoked = (executor: Executor, clientId: string) => {
    if (!whenCommitted(executor, () => signedIn.changed(clientId))) signedIn.changing(clientId);
  };

  const maxAgeMs = sessionMaxAgeSeconds * 1000;
  const endOf = (createdAt: Date) => addMs(createdAt, maxAgeMs);

  /** A refresh token never outlives its session's absolute end. */
  async function issueRefreshToken(
    tx: Executor,
    sessionId: string,
    sessionEnds: Date,
    token = randomToken(),
  ) {
    const byTtl = addMs(clock.now(), refreshTtlSeconds * 1000);
    await tx.insert(refreshTokens).values({
      sessionId,
      tokenHash: sha256(token),
      expiresAt: byTtl < sessionEnds ? byTtl : sessionEnds,
    });
    return token;
  }

  async function authData(
    clientId: string,
    sessionId: string,
    refreshToken: string,
  ): Promise<TAuthData> {
    return {
      access_token: await signer.sign({ clientId, sessionId }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: signer.ttlSeconds,
      refresh_expires_in: refreshTtlSeconds,
    };
  }

  async function openSession(tx: Executor, clientId: string, meta: RequestMeta) {
    const now = clock.now();
    const [session] = await tx
      .insert(sessions)
      .values({
        clientId,
        createdAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id });
    const refresh = await issueRefreshToken(tx, session!.id, endOf(now));
    return { sessionId: session!.id, refresh };
  }

  async function revokeSession(executor: Executor, sessionId: string, reason: string) {
    const ended = await executor
      .update(sessions)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ clientId: sessions.clientId });
    for (const { clientId } of ended) revoked(executor, clientId);
  }

  async function revokeAllSessions(executor: Executor, clientId: string, reason: string) {
    await executor
      .update(sessions)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
    revoked(executor, clientId);
  }

  // Every authenticated request asks one of these: built once and prepared on each pooled
  // connection, so a request pays neither drizzle's query building nor PostgreSQL's planning.
  // `liveSessionClient` answers through the signed-in cache (platform/signed-in-cache.ts):
  // a revocation drops its copies before the revoking request answers, on every instance.
  const liveSession = db
    .select({ revokedAt: sessions.revokedAt, clientId: sessions.clientId })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_live_session');
  // A route that answers from the client's row reads it in the same statement: the clients
  // module's row, where its id is the client of this live session.
  const liveSessionClient = clients.prepareRowWhereIdIn(
    db
      .select({ clientId: sessions.clientId })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.clientId, sql.placeholder('clientId')),
          isNull(sessions.revokedAt),
        ),
      ),
    'auth_live_session_client',
  );

  /**
   * The refresh that won the race's token, for a loser presenting the immediately previous
   * token within the grace: its successor must still be unspent (else this one is older).
   */
  async function graceAnswer(tx: Executor, tokenId: string, now: Date) {
    const [old] = await tx
      .select({ spentAt: refreshTokens.spentAt, successorEnc: refreshTokens.successorEnc })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, tokenId));
    if (!old?.spentAt || !old.successorEnc) return null;
    if (now.getTime() - old.spentAt.getTime() > REFRESH_GRACE_MS) return null;
    const successor = decrypt(old.successorEnc, dataKey);
    const [next] = await tx
      .select({ spentAt: refreshTokens.spentAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(successor)));
    return next && !next.spentAt ? successor : null;
  }

  const isLive = (
    session: { revokedAt: Date | null; clientId: string } | undefined,
    claims: AccessClaims,
  ) => session && !session.revokedAt && session.clientId === claims.clientId;

  return {
    authData,
    openSession,
    revokeSession,
    revokeAllSessions,

    /** Resolves an access token to a live session; 401 for anything else. */
    async authenticate(accessToken: string): Promise<AccessClaims> {
      const claims = await signer.verify(accessToken);
      const [session] = await liveSession.execute({ sessionId: claims.sessionId });
      if (!isLive(session, claims)) throw unauthorized(ApiMessage.tokenInvalid);
      return claims;
    },

    /** The same check, also reading the client's row in the same indexed query. */
    async authenticateWithClient(accessToken: string) {
      const claims = await signer.verify(accessToken);
      const client = await signedIn.read(claims.sessionId, claims.clientId, async () => {
        const [row] = await liveSessionClient.execute({
          sessionId: claims.sessionId,
          clientId: claims.clientId,
        });
        return row;
      });
      if (!client) throw unauthorized(ApiMessage.tokenInvalid);
      return { ...claims, client };
    },

    async refresh(refreshToken: string): Promise<TAuthData> {
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
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
        if (!token || token.revokedAt || token.expiresAt <= now) return { ok: false as const };
        if (endOf(token.createdAt) <= now) {
          await revokeSession(tx, token.sessionId, 'session lifetime ended');
          return { ok: false as const };
        }
        const next = randomToken();
        const [spent] = await tx
          .update(refreshTokens)
          .set({ spentAt: now, successorEnc: encrypt(next, dataKey) })
          .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.spentAt)))
          .returning({ id: refreshTokens.id });
        if (!spent) {
          const same = await graceAnswer(tx, token.id, now);
          if (same) return { ok: true as const, ...token, next: same };
          await revokeSession(tx, token.sessionId, 'refresh token reused');
          return { ok: false as const, reused: true };
        }
        await tx
          .update(sessions)
          .set({ lastRefreshedAt: now })
          .where(eq(sessions.id, token.sessionId));
        await issueRefreshToken(tx, token.sessionId, endOf(token.createdAt), next);
        return { ok: true as const, ...token, next };
      });
      if (!result.ok) {
        if (result.reused) await signedIn.settled();
        throw unauthorized(ApiMessage.refreshInvalid);
      }
      return authData(result.clientId, result.sessionId, result.next);
    },

    /** The client's live sessions, newest first, with the one asking marked current. */
    async listSessions(clientId: string, currentSessionId: string): Promise<TClientSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt)))
        .orderBy(desc(sessions.createdAt));
      const now = clock.now();
      return rows
        .filter((row) => endOf(row.createdAt) > now)
        .map((row) => ({
          id: row.id,
          ...describeUserAgent(row.userAgent),
          ip: row.ip,
          place: null,
          signed_in_at: row.createdAt.toISOString(),
          last_seen_at: (row.lastRefreshedAt ?? row.createdAt).toISOString(),
          expires_at: endOf(row.createdAt).toISOString(),
          current: row.id === currentSessionId,
        }));
    },

    /** Ends one of the client's own sessions (404 for anyone else's). */
    async endSession(clientId: string, sessionId: string, executor: Executor) {
      const [row] = await executor
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId)));
      if (!row) throw notFound(TwoFactorMessage.sessionNotFound);
      await revokeSession(executor, sessionId, 'ended by the client');
    },

    /** "Sign out everywhere else": every live session of the client but this one. */
    async endOtherSessions(clientId: string, keepSessionId: string, executor: Executor) {
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
      if (ended.length) revoked(executor, clientId);
      return ended.length;
    },

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

    async markPasswordVerified(sessionId: string) {
      await db
        .update(sessions)
        .set({ passwordVerifiedAt: clock.now() })
        .where(eq(sessions.id, sessionId));
    },

    /** Setting a PIN needs the password confirmed in this session within the last 5 minutes. */
    async requireRecentPasswordVerification(sessionId: string) {
      const [session] = await db
        .select({ at: sessions.passwordVerifiedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      const fresh =
        session?.at && session.at.getTime() > clock.now().getTime() - PASSWORD_VERIFICATION_TTL_MS;
      if (!fresh) throw badRequest(ApiMessage.passwordVerifyFirst);
      await db.update(sessions).set({ passwordVerifiedAt: null }).where(eq(sessions.id, sessionId));
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
