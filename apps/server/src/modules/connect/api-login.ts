import { canonicalMobile, ConnectMessage, md5 } from '@sampada/shared';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  type ApiSessionDeps,
  issueToken,
  pendingLogin,
  spendToken,
  usableApp,
} from './api-tokens.ts';

/** Password checked: the token of the next step (PIN and consent). */
export async function passwordStep(
  deps: ApiSessionDeps,
  apiKey: string,
  mobile: string,
  password: string,
) {
  const { clients } = deps;
  const app = await usableApp(deps, apiKey);
  const canonical = canonicalMobile(mobile);
  const client = canonical ? await clients.findByMobile(canonical) : undefined;
  // md5 on the server: the app's forms send the md5 of what was typed, this page the text.
  if (!(await clients.passwordMatches(client, md5(password))) || !client)
    throw badRequest('Incorrect mobile number or password.');
  if (client.id !== app.clientId)
    throw badRequest('This app belongs to another account. Sign in with its owner.');
  return { app, loginToken: await issueToken(deps, 'login', app, client.id) };
}

/** PIN checked and consent given: the redirect to the app with a request token. */
export async function consentStep(
  deps: ApiSessionDeps,
  loginToken: string,
  pin: string,
  ip: string,
) {
  const { db, apps, clients } = deps;
  const pending = await pendingLogin(deps, loginToken);
  if (!pending) throw badRequest(ConnectMessage.loginExpired);
  // A wrong PIN counts toward the client's lockout, as in the app.
  await clients.verifyPin(pending.clientId, md5(pin));
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
