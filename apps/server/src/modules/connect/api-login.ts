import {
  ApiMessage,
  canonicalMobile,
  ConnectMessage,
  md5,
  TwoFactorMessage as TM,
} from '@sampada/shared';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  type ApiSessionDeps,
  issueToken,
  pendingLogin,
  spendToken,
  usableApp,
} from './api-tokens.ts';

/** The second step's secret: the client's TOTP (or a recovery code) when 2FA is on, else the PIN. */
export type SecondFactor = 'totp' | 'pin';

/**
 * What this client's second step asks, decided as the app's sign-in decides it (auth's
 * `secondFactorOf`): a client the firm requires to enrol is sent to the app, since this page
 * has no enrolment of its own.
 */
export async function secondFactorOf(
  deps: ApiSessionDeps,
  clientId: string,
): Promise<SecondFactor> {
  const owed = await deps.auth.totp.secondFactorOf(clientId);
  if (owed === 'enrol') throw badRequest(ConnectMessage.enrolFirst);
  return owed === 'totp' ? 'totp' : 'pin';
}

/** Password checked: the token of the next step (the second factor and consent). */
export async function passwordStep(
  deps: ApiSessionDeps,
  input: { apiKey: string; mobile: string; password: string; ip: string },
) {
  const { clients, auth } = deps;
  const app = await usableApp(deps, input.apiKey);
  const canonical = canonicalMobile(input.mobile);
  // Spent before the hash from the app's own sign-in lockout (per mobile and source): a burst
  // here gets no more checks than one there, and a lockout in one holds in the other.
  const attempt = await auth.attempts.spend(canonical ?? input.mobile, input.ip);
  const client = canonical ? await clients.findByMobile(canonical) : undefined;
  // md5 on the server: the app's forms send the md5 of what was typed, this page the text.
  if (!(await clients.passwordMatches(client, md5(input.password))) || !client)
    throw badRequest(ApiMessage.badCredentials);
  await attempt.succeeded();
  if (client.id !== app.clientId)
    throw badRequest('This app belongs to another account. Sign in with its owner.');
  const factor = await secondFactorOf(deps, client.id);
  return { app, factor, loginToken: await issueToken(deps, 'login', app, client.id) };
}

/** The second factor this login owes, checked: a TOTP or recovery code counts toward the lockout. */
async function checkSecondFactor(
  deps: ApiSessionDeps,
  clientId: string,
  secret: { pin: string; code: string },
  ip: string,
) {
  if ((await secondFactorOf(deps, clientId)) === 'pin') {
    // A wrong PIN counts toward the client's PIN lockout, as in the app.
    await deps.clients.verifyPin(clientId, md5(secret.pin));
    return;
  }
  const code = secret.code.trim();
  if (!code) throw badRequest(TM.codeRequired);
  // auth's own check: counted before it is tried, each code good once (a replay is refused).
  if (!(await deps.auth.totp.checkCode(clientId, code, { ip }))) throw badRequest(TM.badCode);
}

/** Second factor checked and consent given: the redirect to the app with a request token. */
export async function consentStep(
  deps: ApiSessionDeps,
  loginToken: string,
  secret: { pin: string; code: string },
  ip: string,
) {
  const { db, apps } = deps;
  const pending = await pendingLogin(deps, loginToken);
  if (!pending) throw badRequest(ConnectMessage.loginExpired);
  await checkSecondFactor(deps, pending.clientId, secret, ip);
  if (!(await spendToken(deps, 'login', loginToken))) throw badRequest(ConnectMessage.loginExpired);
  const app = await apps.byId(pending.appId);
  if (!app) throw badRequest(ConnectMessage.loginExpired);
  const requestToken = await issueToken(deps, 'request', app, pending.clientId);
  await recordAudit(
    db,
    { type: 'client', id: pending.clientId, ip },
    {
      action: 'api_app.login',
      subjectType: 'api_app',
      subjectId: app.id,
    },
  );
  const target = new URL(app.redirectUrl);
  target.searchParams.set('action', 'login');
  target.searchParams.set('type', 'login');
  target.searchParams.set('status', 'success');
  target.searchParams.set('request_token', requestToken);
  return target.toString();
}
