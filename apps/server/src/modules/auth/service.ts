/**
 * Sign-up, sign-in, sign-out and password change (spec §3, §7; domain.md "Identity"): what
 * moves a client in or out of sessions. Sessions and refresh tokens are sessions.ts, reset
 * codes reset-codes.ts; this service puts them together with the clients and invitation
 * services and answers for all three.
 */
import {
  ApiMessage,
  canonicalMobile,
  type TAuthData,
  type TLoginAnswer,
  type TLoginVerified,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashSecret, verifySecret } from '../../platform/crypto.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { SignedInCache } from '../../platform/signed-in-cache.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import type { InviteService } from '../invites/service.ts';
import { createClientTotp } from './client-totp.ts';
import { createPasswordAttempts } from './password-attempts.ts';
import { createSignInChallenges } from './sign-in-challenges.ts';
import { createResetCodes } from './reset-codes.ts';
import { createSessions, type RequestMeta } from './sessions.ts';
import type { TokenSigner } from './tokens.ts';

export type { RequestMeta } from './sessions.ts';

type Deps = {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  clients: ClientService;
  invites: InviteService;
  signedIn: SignedInCache<ClientRow>;
  dataKey: Buffer;
  /** The firm setting "clients must use a second factor". */
  twoFactorRequired: () => Promise<boolean>;
};

export function createAuthService(deps: Deps) {
  const { db, clock, clients, invites } = deps;
  const sessions = createSessions(deps);
  const resetCodes = createResetCodes({ db, clock, clients, sessions });
  const attempts = createPasswordAttempts({ db, clock });
  const totp = createClientTotp({
    db,
    clock,
    dataKey: deps.dataKey,
    clients,
    attempts,
    required: deps.twoFactorRequired,
  });
  const challenges = createSignInChallenges({ db, clock, totp });
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
    totp,

    /** Step two of sign-in: a TOTP or recovery code for the challenge `login` answered. */
    async loginVerify(
      input: { challengeToken: string; code: string },
      meta: RequestMeta,
    ): Promise<TLoginVerified> {
      const { clientId, recoveryCodes } = await challenges.verify(
        input.challengeToken,
        input.code,
        meta,
      );
      const { sessionId, refresh } = await db.transaction((tx) => openSession(tx, clientId, meta));
      const data = await authData(clientId, sessionId, refresh);
      return recoveryCodes ? { ...data, recovery_codes: recoveryCodes } : data;
    },

    async register(
      input: { mobile: string; passwordMd5: string; inviteCode: string },
      meta: RequestMeta,
    ): Promise<TAuthData> {
      const passwordHash = await hashSecret(input.passwordMd5);
      try {
        const { clientId, sessionId, refresh } = await db.transaction(async (tx) => {
          // The invitation first: without a good one, nobody learns whether the mobile exists
          // (the same answer, after the same hash, for a known and an unknown number). A taken
          // mobile then rolls the invitation's use back with the rest.
          const invite = await invites.consumeInvite(tx, input.inviteCode);
          if (await clients.findByMobile(input.mobile, tx)) throw conflict(ApiMessage.mobileTaken);
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
    ): Promise<TLoginAnswer> {
      const mobile = canonicalMobile(input.username);
      // Counted before the hash: a burst of guesses cannot get more checks than the limit.
      const attempt = await attempts.spend(mobile ?? input.username, meta.ip);
      const client = mobile ? await clients.findByMobile(mobile) : undefined;
      if (!(await clients.passwordMatches(client, input.passwordMd5)) || !client) {
        throw badRequest(ApiMessage.badCredentials);
      }
      await attempt.succeeded();
      await clients.upgradePasswordHash(client, input.passwordMd5);
      // With a second factor on (or required by the firm), no tokens yet: a challenge.
      const owed = await totp.secondFactorOf(client.id);
      if (owed) return challenges.open(client.id, owed);
      const { sessionId, refresh } = await db.transaction((tx) => openSession(tx, client.id, meta));
      return authData(client.id, sessionId, refresh);
    },

    /** `totp/enrol`: the password again in this request, or a pwd_verify in the last 5 min. */
    async startTotpEnrolment(
      who: { clientId: string; sessionId: string },
      passwordMd5: string | undefined,
      meta: RequestMeta,
    ) {
      if (passwordMd5 === undefined)
        await sessions.requireRecentPasswordVerification(who.sessionId);
      else {
        const client = await clients.byId(who.clientId);
        const attempt = await attempts.spend(client.mobile, meta.ip);
        if (!(await verifySecret(passwordMd5, client.passwordHash)))
          throw badRequest(ApiMessage.currentPasswordWrong);
        await attempt.succeeded();
      }
      return totp.startEnrolment(who.clientId);
    },

    /** `pwd_verify`: the password again, counted toward the sign-in lockout; opens the PIN step. */
    async verifyPassword(
      who: { clientId: string; sessionId: string },
      passwordMd5: string,
      meta: RequestMeta,
    ) {
      const client = await clients.byId(who.clientId);
      const attempt = await attempts.spend(client.mobile, meta.ip);
      await clients.verifyPassword(who.clientId, passwordMd5);
      await attempt.succeeded();
      await sessions.markPasswordVerified(who.sessionId);
    },

    listSessions: sessions.listSessions,

    /** Ends one of the client's own sessions: its tokens and sockets stop at once. */
    async endSession(clientId: string, sessionId: string) {
      await inTransaction(db, async (tx) => {
        await sessions.endSession(clientId, sessionId, tx);
        await clients.closePinWindow(sessionId, tx);
      });
      await deps.signedIn.settled();
    },

    /** "Sign out everywhere else". Answers how many sessions ended. */
    async endOtherSessions(clientId: string, keepSessionId: string) {
      const ended = await inTransaction(db, (tx) =>
        sessions.endOtherSessions(clientId, keepSessionId, tx),
      );
      await deps.signedIn.settled();
      return ended;
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
      // A stolen access token guesses the password no more often than a sign-in could.
      const attempt = await attempts.spend(client.mobile, meta.ip);
      if (!(await verifySecret(input.oldMd5, client.passwordHash))) {
        throw badRequest(ApiMessage.currentPasswordWrong);
      }
      await attempt.succeeded();
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
