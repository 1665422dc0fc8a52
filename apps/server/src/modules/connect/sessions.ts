/**
 * The login of an API app and its sessions: the password step (a `login` token, 5 minutes),
 * the second factor (the client's TOTP or a recovery code with 2FA on, else the trading PIN)
 * and consent step (a `request` token for the app's redirect, one use within 5 minutes), the
 * exchange for an access token (checked by the app's checksum; valid until 06:00 IST), each
 * request's token check, and logout. Tokens are stored by SHA-256 only.
 */
import {
  authenticateApi,
  exchangeRequestToken,
  invalidateAccessToken,
  liveAccessTokens,
} from './api-access.ts';
import { consentStep, passwordStep, secondFactorOf } from './api-login.ts';
import { type ApiSession, type ApiSessionDeps, pendingLogin, usableApp } from './api-tokens.ts';

export type { ApiSession, ApiSessionDeps } from './api-tokens.ts';

export function createSessions(deps: ApiSessionDeps) {
  return {
    usableApp: (apiKey: string) => usableApp(deps, apiKey),

    /** Password checked (counted toward the app's sign-in lockout): the next step's token. */
    passwordStep: (input: { apiKey: string; mobile: string; password: string; ip: string }) =>
      passwordStep(deps, input),

    /** What the client's second step asks: their TOTP with 2FA on, else the trading PIN. */
    secondFactorOf: (clientId: string) => secondFactorOf(deps, clientId),

    /** The app a pending login step is for, to show its name on the consent page. */
    pendingLogin: (loginToken: string) => pendingLogin(deps, loginToken),

    /** Second factor checked and consent given: the redirect to the app with a request token. */
    consentStep: (loginToken: string, secret: { pin: string; code: string }, ip: string) =>
      consentStep(deps, loginToken, secret, ip),

    /** POST /session/token: the request token, once, for an access token. */
    exchange: (apiKey: string, requestToken: string, checksum: string) =>
      exchangeRequestToken(deps, apiKey, requestToken, checksum),

    /** Every API request: the app by its key, the session by its token, both live. */
    authenticate: (apiKey: string, accessToken: string): Promise<ApiSession> =>
      authenticateApi(deps, apiKey, accessToken),

    /** Which of these access tokens (SHA-256 hex) are live now: the ticker's re-check. */
    liveAmong: (tokenHashes: string[]) => liveAccessTokens(deps, tokenHashes),

    /** DELETE /session/token: the access token ends now. */
    invalidate: (apiKey: string, accessToken: string) =>
      invalidateAccessToken(deps, apiKey, accessToken),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
