/**
 * Sign-up, sign-in, sessions and password reset (spec §3, §7; domain.md "Identity").
 * Refresh tokens are opaque, stored as SHA-256, and rotate on every use; presenting one
 * that was already spent revokes the whole family, because only a thief would hold it.
 */
import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { ApiMessage, canonicalMobile, type TAuthData } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import {
  type AttemptRule,
  blockedUntil,
  clearFailures,
  recordFailure,
} from '../../platform/attempts.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { addMs, type Clock, MINUTE } from '../../platform/clock.ts';
import {
  hashSecret,
  randomDigits,
  randomToken,
  sha256,
  verifySecret,
} from '../../platform/crypto.ts';
import { badRequest, conflict, notFound, tooMany, unauthorized } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import { clients as clientsTable } from '../clients/tables.ts';
import type { InviteService } from '../invites/service.ts';
import { refreshTokens, resetCodes, sessions } from './tables.ts';
import type { AccessClaims, TokenSigner } from './tokens.ts';

export type RequestMeta = { ip: string; userAgent?: string };

export const LOGIN_PER_MOBILE: AttemptRule = {
  limit: 5,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const LOGIN_PER_IP: AttemptRule = { limit: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE };
export const RESET_CHECKS_PER_IP: AttemptRule = {
  limit: 10,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const RESET_CODES_PER_CLIENT: AttemptRule = {
  limit: 5,
  windowMs: 60 * MINUTE,
  blockMs: 60 * MINUTE,
};
export const RESET_CODE_TTL_MS = 15 * MINUTE;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 15 * MINUTE;
export const PASSWORD_VERIFICATION_TTL_MS = 5 * MINUTE;

type Deps = {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  clients: ClientService;
  invites: InviteService;
};

export function createAuthService({
  db,
  clock,
  signer,
  refreshTtlSeconds,
  clients,
  invites,
}: Deps) {
  async function issueRefreshToken(tx: Executor, sessionId: string) {
    const token = randomToken();
    await tx.insert(refreshTokens).values({
      sessionId,
      tokenHash: sha256(token),
      expiresAt: addMs(clock.now(), refreshTtlSeconds * 1000),
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
    const [session] = await tx
      .insert(sessions)
      .values({ clientId, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null })
      .returning({ id: sessions.id });
    const refresh = await issueRefreshToken(tx, session!.id);
    return { sessionId: session!.id, refresh };
  }

  async function revokeSession(executor: Executor, sessionId: string, reason: string) {
    await executor
      .update(sessions)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async function revokeAllSessions(executor: Executor, clientId: string, reason: string) {
    await executor
      .update(sessions)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
  }

  // Every authenticated request asks one of these: built once and prepared on each pooled
  // connection, so a request pays neither drizzle's query building nor PostgreSQL's planning.
  // No cache in front of them: a revoked session answers 401 on the very next request, on
  // every instance.
  const liveSession = db
    .select({ revokedAt: sessions.revokedAt, clientId: sessions.clientId })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_live_session');
  const liveSessionWithClient = db
    .select({ revokedAt: sessions.revokedAt, clientId: sessions.clientId, client: clientsTable })
    .from(sessions)
    .innerJoin(clientsTable, eq(clientsTable.id, sessions.clientId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_live_session_client');

  const isLive = (
    session: { revokedAt: Date | null; clientId: string } | undefined,
    claims: AccessClaims,
  ) => session && !session.revokedAt && session.clientId === claims.clientId;

  return {
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
      const [session] = await liveSessionWithClient.execute({ sessionId: claims.sessionId });
      if (!session || !isLive(session, claims)) throw unauthorized(ApiMessage.tokenInvalid);
      return { ...claims, client: session.client };
    },

    async register(
      input: { mobile: string; passwordMd5: string; inviteCode: string },
      meta: RequestMeta,
    ): Promise<TAuthData> {
      const passwordHash = await hashSecret(input.passwordMd5);
      try {
        const { clientId, sessionId, refresh } = await db.transaction(async (tx) => {
          if (await clients.findByMobile(input.mobile, tx)) throw conflict(ApiMessage.mobileTaken);
          const invite = await invites.consumeInvite(tx, input.inviteCode);
          const client = await clients.insertClient(tx, {
            mobile: input.mobile,
            passwordHash,
            advisorId: invite.advisorId,
            inviteCodeId: invite.id,
          });
          await recordAudit(
            tx,
            { type: 'client', id: client.id, ip: meta.ip },
            {
              action: 'client.register',
              subjectType: 'client',
              subjectId: client.id,
              after: { uid: client.uid, invite: invite.code },
            },
          );
          return { clientId: client.id, ...(await openSession(tx, client.id, meta)) };
        });
        return authData(clientId, sessionId, refresh);
      } catch (error) {
        // Two sign-ups of one mobile racing: the unique index decides, the loser is told plainly.
        if (isUniqueViolation(error, 'clients_mobile_unique'))
          throw conflict(ApiMessage.mobileTaken);
        throw error;
      }
    },

    async login(
      input: { username: string; passwordMd5: string },
      meta: RequestMeta,
    ): Promise<TAuthData> {
      const now = clock.now();
      const mobile = canonicalMobile(input.username);
      const mobileKey = `login:mobile:${mobile ?? input.username.slice(0, 40)}`;
      const ipKey = `login:ip:${meta.ip}`;
      if ((await blockedUntil(db, mobileKey, now)) || (await blockedUntil(db, ipKey, now))) {
        throw tooMany(ApiMessage.tooManySignIns);
      }
      const client = mobile ? await clients.findByMobile(mobile) : undefined;
      if (!(await clients.passwordMatches(client, input.passwordMd5)) || !client) {
        await recordFailure(db, mobileKey, LOGIN_PER_MOBILE, now);
        await recordFailure(db, ipKey, LOGIN_PER_IP, now);
        throw badRequest(ApiMessage.badCredentials);
      }
      await clearFailures(db, mobileKey);
      await clients.upgradePasswordHash(client, input.passwordMd5);
      const { sessionId, refresh } = await db.transaction((tx) => openSession(tx, client.id, meta));
      return authData(client.id, sessionId, refresh);
    },

    async logout(sessionId: string) {
      await db.transaction(async (tx) => {
        await revokeSession(tx, sessionId, 'logout');
        await clients.closePinWindow(sessionId, tx);
      });
    },

    async refresh(refreshToken: string): Promise<TAuthData> {
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const [token] = await tx
          .select({
            id: refreshTokens.id,
            sessionId: refreshTokens.sessionId,
            spentAt: refreshTokens.spentAt,
            expiresAt: refreshTokens.expiresAt,
            revokedAt: sessions.revokedAt,
            clientId: sessions.clientId,
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
        if (!token || token.revokedAt || token.expiresAt <= now) return { ok: false as const };
        const [spent] = await tx
          .update(refreshTokens)
          .set({ spentAt: now })
          .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.spentAt)))
          .returning({ id: refreshTokens.id });
        if (!spent) {
          await revokeSession(tx, token.sessionId, 'refresh token reused');
          return { ok: false as const, reused: true };
        }
        await tx
          .update(sessions)
          .set({ lastRefreshedAt: now })
          .where(eq(sessions.id, token.sessionId));
        const next = await issueRefreshToken(tx, token.sessionId);
        return { ok: true as const, clientId: token.clientId, sessionId: token.sessionId, next };
      });
      if (!result.ok) throw unauthorized(ApiMessage.refreshInvalid);
      return authData(result.clientId, result.sessionId, result.next);
    },

    async changePassword(
      clientId: string,
      input: { oldMd5: string; newMd5: string },
      meta: RequestMeta,
    ) {
      const client = await clients.byId(clientId);
      if (!(await verifySecret(input.oldMd5, client.passwordHash))) {
        throw badRequest(ApiMessage.currentPasswordWrong);
      }
      if (input.oldMd5 === input.newMd5) throw badRequest(ApiMessage.samePassword);
      const passwordHash = await hashSecret(input.newMd5);
      await db.transaction(async (tx) => {
        await clients.setPasswordHash(tx, clientId, passwordHash);
        await revokeAllSessions(tx, clientId, 'password changed');
        await clients.closeClientPinWindows(tx, clientId);
        await recordAudit(
          tx,
          { type: 'client', id: clientId, ip: meta.ip },
          {
            action: 'client.password.change',
            subjectType: 'client',
            subjectId: clientId,
          },
        );
      });
    },

    /**
     * An advisor (or the operator CLI) issues a code to read to the client. A staff `viewer`
     * issues only for clients they may act for, and is recorded as the issuer.
     */
    async issueResetCode(mobileInput: string, actor: Actor, viewer: Viewer | null = null) {
      const mobile = canonicalMobile(mobileInput);
      const client = mobile ? await clients.findByMobile(mobile) : undefined;
      if (!client) throw notFound('No client has that mobile number.');
      if (viewer) assertActsFor(viewer, client.advisorId);
      const staffId = viewer?.staffId ?? null;
      const now = clock.now();
      const limitKey = `reset:issue:${client.id}`;
      if (await blockedUntil(db, limitKey, now)) {
        throw tooMany('Five codes were issued for this client in the last hour. Try again later.');
      }
      const code = randomDigits(6);
      const codeHash = await hashSecret(code);
      const expiresAt = addMs(now, RESET_CODE_TTL_MS);
      await db.transaction(async (tx) => {
        // A new code replaces any outstanding one: only the latest works.
        await tx
          .update(resetCodes)
          .set({ usedAt: now })
          .where(and(eq(resetCodes.clientId, client.id), isNull(resetCodes.usedAt)));
        const [row] = await tx
          .insert(resetCodes)
          .values({ clientId: client.id, codeHash, expiresAt, issuedByStaffId: staffId })
          .returning({ id: resetCodes.id });
        await recordFailure(tx, limitKey, RESET_CODES_PER_CLIENT, now);
        await recordAudit(tx, actor, {
          action: 'client.reset_code.issue',
          subjectType: 'client',
          subjectId: client.id,
          after: { resetCodeId: row!.id, expiresAt },
        });
      });
      return { code, expiresAt, clientId: client.id };
    },

    /**
     * Reset codes newest first, for the console: never the code itself, only when it
     * expires, how many attempts it has had and what became of it. With a `viewer`, only
     * those of the clients they may see.
     */
    async listResetCodes(filter: { clientId?: string; viewer?: Viewer; limit: number }) {
      const where: SQL[] = [];
      const advisorId = filter.viewer?.seesAdvisor;
      if (filter.clientId) where.push(eq(resetCodes.clientId, filter.clientId));
      if (advisorId) where.push(eq(clientsTable.advisorId, advisorId));
      const rows = await db
        .select({ row: resetCodes, mobile: clientsTable.mobile })
        .from(resetCodes)
        .innerJoin(clientsTable, eq(clientsTable.id, resetCodes.clientId))
        .where(and(...where))
        .orderBy(desc(resetCodes.createdAt))
        .limit(filter.limit);
      const now = clock.now();
      return rows.map(({ row, mobile }) => ({
        id: row.id,
        client_id: row.clientId,
        client_mobile: mobile,
        expires_at: row.expiresAt.toISOString(),
        attempts: row.attempts,
        max_attempts: RESET_CODE_MAX_ATTEMPTS,
        status:
          row.usedAt && row.resetTokenHash
            ? ('used' as const)
            : row.usedAt
              ? ('replaced' as const)
              : row.verifiedAt
                ? ('verified' as const)
                : row.attempts >= RESET_CODE_MAX_ATTEMPTS
                  ? ('exhausted' as const)
                  : row.expiresAt <= now
                    ? ('expired' as const)
                    : ('active' as const),
        issued_by: row.issuedByStaffId,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** Checks the code and hands back a one-time reset token. Wrong or unknown: one message. */
    async verifyResetCode(input: { mobile: string; code: string }, meta: RequestMeta) {
      const now = clock.now();
      const ipKey = `reset:ip:${meta.ip}`;
      if (await blockedUntil(db, ipKey, now)) throw tooMany(ApiMessage.tooManyCodes);
      const client = await clients.findByMobile(input.mobile);
      const [pending] = client
        ? await db
            .select()
            .from(resetCodes)
            .where(
              and(
                eq(resetCodes.clientId, client.id),
                isNull(resetCodes.usedAt),
                isNull(resetCodes.verifiedAt),
                gt(resetCodes.expiresAt, now),
              ),
            )
            .orderBy(desc(resetCodes.createdAt))
            .limit(1)
        : [];
      const fail = async () => {
        await recordFailure(db, ipKey, RESET_CHECKS_PER_IP, now);
        return badRequest(ApiMessage.resetCodeInvalid);
      };
      if (!pending || pending.attempts >= RESET_CODE_MAX_ATTEMPTS) throw await fail();
      // Count the attempt before the slow comparison so parallel guesses each spend one.
      const [counted] = await db
        .update(resetCodes)
        .set({ attempts: sql`${resetCodes.attempts} + 1` })
        .where(
          and(
            eq(resetCodes.id, pending.id),
            sql`${resetCodes.attempts} < ${RESET_CODE_MAX_ATTEMPTS}`,
          ),
        )
        .returning({ attempts: resetCodes.attempts });
      if (!counted || !(await verifySecret(input.code.trim(), pending.codeHash)))
        throw await fail();
      const resetToken = randomToken();
      const [verified] = await db
        .update(resetCodes)
        .set({
          verifiedAt: now,
          resetTokenHash: sha256(resetToken),
          resetTokenExpiresAt: addMs(now, RESET_TOKEN_TTL_MS),
        })
        .where(
          and(
            eq(resetCodes.id, pending.id),
            isNull(resetCodes.verifiedAt),
            isNull(resetCodes.usedAt),
          ),
        )
        .returning({ id: resetCodes.id });
      if (!verified) throw await fail();
      return { reset_token: resetToken };
    },

    async resetPassword(
      input: { mobile: string; passwordMd5: string; resetToken: string },
      meta: RequestMeta,
    ) {
      const now = clock.now();
      const client = await clients.findByMobile(input.mobile);
      if (!client) throw badRequest(ApiMessage.resetTokenInvalid);
      const passwordHash = await hashSecret(input.passwordMd5);
      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(resetCodes)
          .set({ usedAt: now })
          .where(
            and(
              eq(resetCodes.clientId, client.id),
              eq(resetCodes.resetTokenHash, sha256(input.resetToken)),
              isNull(resetCodes.usedAt),
              gt(resetCodes.resetTokenExpiresAt, now),
            ),
          )
          .returning({ id: resetCodes.id });
        if (!used) throw badRequest(ApiMessage.resetTokenInvalid);
        await clients.setPasswordHash(tx, client.id, passwordHash);
        await revokeAllSessions(tx, client.id, 'password reset');
        await clients.closeClientPinWindows(tx, client.id);
        await recordAudit(
          tx,
          { type: 'client', id: client.id, ip: meta.ip },
          {
            action: 'client.password.reset',
            subjectType: 'client',
            subjectId: client.id,
            after: { resetCodeId: used.id },
          },
        );
      });
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
export type AuthService = ReturnType<typeof createAuthService>;
