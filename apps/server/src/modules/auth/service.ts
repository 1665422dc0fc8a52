/**
 * Sign-up, sign-in, sign-out and password change (spec §3, §7; domain.md "Identity"): what
 * moves a client in or out of sessions. Sessions and refresh tokens are sessions.ts, reset
 * codes reset-codes.ts; this service puts them together with the clients and invitation
 * services and answers for all three.
 */
import { ApiMessage, canonicalMobile, type TAuthData } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import {
  type AttemptRule,
  blockedUntil,
  clearFailures,
  recordFailure,
} from '../../platform/attempts.ts';
import { recordAudit } from '../../platform/audit.ts';
import { type Clock, MINUTE } from '../../platform/clock.ts';
import { hashSecret, verifySecret } from '../../platform/crypto.ts';
import { badRequest, conflict, tooMany } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { SignedInCache } from '../../platform/signed-in-cache.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import type { InviteService } from '../invites/service.ts';
import { createResetCodes } from './reset-codes.ts';
import { createSessions, type RequestMeta } from './sessions.ts';
import type { TokenSigner } from './tokens.ts';

export type { RequestMeta } from './sessions.ts';

export const LOGIN_PER_MOBILE: AttemptRule = {
  limit: 5,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const LOGIN_PER_IP: AttemptRule = { limit: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE };

type Deps = {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  clients: ClientService;
  invites: InviteService;
  signedIn: SignedInCache<ClientRow>;
};

export function createAuthService(deps: Deps) {
  const { db, clock, clients, invites } = deps;
  const sessions = createSessions(deps);
  const resetCodes = createResetCodes({ db, clock, clients, sessions });
  const { authData, openSession, revokeSession, revokeAllSessions } = sessions;

  return {
    authenticate: sessions.authenticate,
    authenticateWithClient: sessions.authenticateWithClient,
    refresh: sessions.refresh,
    liveSessionsAmong: sessions.liveSessionsAmong,
    markPasswordVerified: sessions.markPasswordVerified,
    requireRecentPasswordVerification: sessions.requireRecentPasswordVerification,
    issueResetCode: resetCodes.issueResetCode,
    listResetCodes: resetCodes.listResetCodes,
    verifyResetCode: resetCodes.verifyResetCode,
    resetPassword: resetCodes.resetPassword,

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
      await inTransaction(db, async (tx) => {
        await revokeSession(tx, sessionId, 'logout');
        await clients.closePinWindow(sessionId, tx);
      });
      await deps.signedIn.settled();
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
      await inTransaction(db, async (tx) => {
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
      await deps.signedIn.settled();
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
