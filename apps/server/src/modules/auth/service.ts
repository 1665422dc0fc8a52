/**
 * Sign-up, sign-in, sign-out and password change (spec §3, §7; domain.md "Identity"): what
 * moves a client in or out of sessions. Sessions and refresh tokens are sessions.ts, reset
 * codes reset-codes.ts; this service puts them together with the clients and invitation
 * services and answers for all three.
 */
import type { TLoginAnswer, TLoginVerified } from '@sampada/shared';
import { inTransaction } from '../../platform/transaction.ts';
import type { AuthDeps, AuthParts } from './auth-deps.ts';
import { changePassword } from './change-password.ts';
import { createClientTotp } from './client-totp.ts';
import { createPasswordAttempts } from './password-attempts.ts';
import { registerClient } from './register-client.ts';
import { createResetCodes } from './reset-codes.ts';
import { startTotpEnrolment, verifyPassword } from './reverify-password.ts';
import { createSessions, type RequestMeta } from './sessions.ts';
import { login, loginVerify, refresh } from './sign-in.ts';
import { createSignInChallenges } from './sign-in-challenges.ts';

export type { RequestMeta } from './sessions.ts';

type Who = { clientId: string; sessionId: string };

export function createAuthService(deps: AuthDeps) {
  const { db, clock, clients } = deps;
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
  const { revokeSession } = sessions;
  const parts: AuthParts = { ...deps, sessions, attempts, totp, challenges };

  return {
    authenticate: sessions.authenticate,
    authenticateWithClient: sessions.authenticateWithClient,
    authenticateTrader: sessions.authenticateTrader,
    /** New tokens, or the enrolment challenge while the firm requires 2FA the client lacks. */
    refresh: (refreshToken: string, meta: RequestMeta): Promise<TLoginAnswer> =>
      refresh(parts, refreshToken, meta),
    liveSessionsAmong: sessions.liveSessionsAmong,
    markPasswordVerified: sessions.markPasswordVerified,
    requireRecentPasswordVerification: sessions.requireRecentPasswordVerification,
    issueResetCode: resetCodes.issueResetCode,
    listResetCodes: resetCodes.listResetCodes,
    verifyResetCode: resetCodes.verifyResetCode,
    resetPassword: resetCodes.resetPassword,
    totp,
    /** The sign-in lockout, for another sign-in page (the trading API's) to spend from. */
    attempts,

    /** Step two of sign-in: a TOTP or recovery code for the challenge `login` answered. */
    loginVerify: (
      input: { challengeToken: string; code: string },
      meta: RequestMeta,
    ): Promise<TLoginVerified> => loginVerify(parts, input, meta),

    register: (
      input: { mobile: string; passwordMd5: string; inviteCode: string },
      meta: RequestMeta,
    ): Promise<TLoginAnswer> => registerClient(parts, input, meta),

    login: (
      input: { username: string; passwordMd5: string },
      meta: RequestMeta,
    ): Promise<TLoginAnswer> => login(parts, input, meta),

    /** `totp/enrol`: the password again in this request, or a pwd_verify in the last 5 min. */
    startTotpEnrolment: (who: Who, passwordMd5: string | undefined, meta: RequestMeta) =>
      startTotpEnrolment(parts, who, passwordMd5, meta),

    /** `pwd_verify`: the password again, counted toward the sign-in lockout; opens the PIN step. */
    verifyPassword: (who: Who, passwordMd5: string, meta: RequestMeta) =>
      verifyPassword(parts, who, passwordMd5, meta),

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

    changePassword: (
      clientId: string,
      input: { oldMd5: string; newMd5: string },
      meta: RequestMeta,
    ) => changePassword(parts, clientId, input, meta),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
