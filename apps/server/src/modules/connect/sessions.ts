/**
 * The login of an API app and its sessions: the password step (a `login` token, 5 minutes),
 * the PIN and consent step (a `request` token for the app's redirect, one use within 5
 * minutes), the exchange for an access token (checked by the app's checksum; valid until
 * 06:00 IST), each request's token check, and logout. Tokens are stored by SHA-256 only.
 */
import { authenticateApi, exchangeRequestToken, invalidateAccessToken } from './api-access.ts';
import { consentStep, passwordStep } from './api-login.ts';
import { type ApiSession, type ApiSessionDeps, pendingLogin, usableApp } from './api-tokens.ts';

export type { ApiSession, ApiSessionDeps } from './api-tokens.ts';

export function createSessions(deps: ApiSessionDeps) {
  return {
    usableApp: (apiKey: string) => usableApp(deps, apiKey),

    /** Password checked: the token of the next step (PIN and consent). */
    passwordStep: (apiKey: string, mobile: string, password: string) =>
      passwordStep(deps, apiKey, mobile, password),

    /** The app a pending login step is for, to show its name on the consent page. */
    pendingLogin: (loginToken: string) => pendingLogin(deps, loginToken),

    /** PIN checked and consent given: the redirect to the app with a request token. */
    consentStep: (loginToken: string, pin: string, ip: string) =>
      consentStep(deps, loginToken, pin, ip),

    /** POST /session/token: the request token, once, for an access token. */
    exchange: (apiKey: string, requestToken: string, checksum: string) =>
      exchangeRequestToken(deps, apiKey, requestToken, checksum),

    /** Every API request: the app by its key, the session by its token, both live. */
    authenticate: (apiKey: string, accessToken: string): Promise<ApiSession> =>
      authenticateApi(deps, apiKey, accessToken),

    /** DELETE /session/token: the access token ends now. */
    invalidate: (apiKey: string, accessToken: string) =>
      invalidateAccessToken(deps, apiKey, accessToken),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
