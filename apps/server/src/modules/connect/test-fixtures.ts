/**
 * Connect test fixtures: an API app through the client routes, its login followed over HTTP,
 * and the world most connect tests start from — a server with a running market, a funded
 * client, and (kiteWorld) that client's app signed in with the official client.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KiteConnect } from 'kiteconnect';
import { md5, type TApiAppWithSecret } from '@sampada/shared';
import { buildTestApp, type TestApp, totpAt } from '../../test/helpers.ts';
import { type MoneyClient, openDeposits, PIN } from '../funds/test-fixtures.ts';
import { runMarket, trader } from '../trading/test-fixtures.ts';
import { accessTokenExpiry } from './wire.ts';

export type Kite = InstanceType<typeof KiteConnect>;
export type Receiver = Awaited<ReturnType<typeof redirectReceiver>>;

/** A local page the login redirects to: it keeps every query it was called with. */
export async function redirectReceiver() {
  const calls: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    calls.push(new URL(request.url ?? '/', 'http://x').searchParams);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('signed in');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A funded client with TOTP turned on through the app's own API; answers its secret. */
export async function clientWithTotp(t: TestApp) {
  const client = await trader(t, 0);
  const enrol = await t.api.post<{ secret: string }>(
    '/client/app/v1/totp/enrol',
    { password: md5(client.password) },
    client.token,
  );
  const { secret } = enrol.body.data;
  const confirm = await t.api.post(
    '/client/app/v1/totp/confirm',
    { code: totpAt(t, secret) },
    client.token,
  );
  if (confirm.status !== 200) throw new Error(`TOTP refused: ${JSON.stringify(confirm.body)}`);
  // The confirming code's step is spent: the next code is the next step's.
  t.clock.advance(30_000);
  return { client, secret };
}

export async function createApiApp(
  t: TestApp,
  client: MoneyClient,
  settings: { redirect_url: string; postback_url?: string; allowed_ips?: string[]; name?: string },
  /** A client with 2FA on: their TOTP secret, whose current code is spent here. */
  totpSecret?: string,
): Promise<TApiAppWithSecret> {
  const factor = totpSecret ? { totp_code: totpAt(t, totpSecret) } : { pin: client.pin };
  const reply = await t.api.post<TApiAppWithSecret>(
    '/client/app/v1/api-apps',
    {
      name: settings.name ?? 'My strategy',
      redirect_url: settings.redirect_url,
      postback_url: settings.postback_url ?? null,
      allowed_ips: settings.allowed_ips ?? ['127.0.0.1'],
      ...factor,
    },
    client.token,
  );
  if (reply.status !== 200) throw new Error(`app refused: ${JSON.stringify(reply.body)}`);
  // That code's step is spent: whatever comes next uses the next step's code.
  if (totpSecret) t.clock.advance(30_000);
  return reply.body.data;
}

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/**
 * The login as a browser does it: the page, the password, the PIN and consent, then the
 * redirect followed to the app's page; answers the request token the app received.
 */
export async function loginFor(
  t: TestApp,
  client: MoneyClient,
  app: TApiAppWithSecret,
  receiver: Receiver,
) {
  const start = await fetch(`${t.baseUrl}/connect/login?api_key=${app.api_key}&v=3`);
  if (start.status !== 200) throw new Error(`login page: ${start.status}`);
  const step1 = await fetch(
    `${t.baseUrl}/connect/login`,
    form({ api_key: app.api_key, mobile: client.mobile, password: client.password }),
  );
  const html = await step1.text();
  if (step1.status !== 200) throw new Error(`password step: ${html}`);
  const step2 = await fetch(
    `${t.baseUrl}/connect/login/consent`,
    form({ login_token: hidden(html, 'login_token'), pin: PIN }),
  );
  if (step2.status !== 200 || !step2.url.startsWith(app.redirect_url))
    throw new Error(`consent step: ${step2.status} ${await step2.text()}`);
  const params = receiver.calls.at(-1)!;
  return {
    requestToken: params.get('request_token')!,
    action: params.get('action'),
    status: params.get('status'),
  };
}

/** The official client pointed at the test server, signed in through the whole flow. */
export async function signedInKite(
  t: TestApp,
  client: MoneyClient,
  app: TApiAppWithSecret,
  receiver: Receiver,
) {
  const { requestToken } = await loginFor(t, client, app, receiver);
  const kite = new KiteConnect({ api_key: app.api_key, root: `${t.baseUrl}/connect` });
  const session = await kite.generateSession(requestToken, app.api_secret);
  return { kite, session };
}

/** The error a call was refused with (the client's own: `error_type`, `message`). */
export async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error as { error_type: string; message: string };
  }
  throw new Error('expected a refusal');
}

/**
 * A test server with the market open and stepped (prices printed, deposits open), a page for
 * logins to land on, and a KYC-approved client with `cash` rupees deposited. `close` ends the
 * receiver and the server.
 */
/**
 * The test clock's start: now, unless the daily logout (06:00 IST, when access tokens end) is
 * less than ten minutes away — then just after it, so a file whose tests move the clock on by
 * minutes never sees its signed-in tokens end midway (a CI run at 05:55 IST did).
 */
const clearOfDailyLogout = (now: Date) => {
  const logout = accessTokenExpiry(now).getTime();
  return logout - now.getTime() < 10 * 60_000 ? new Date(logout + 60_000) : now;
};

export async function connectWorld(options: { cash?: number; env?: Record<string, string> } = {}) {
  let receiver: Receiver | undefined;
  const t = await buildTestApp({
    env: { MARKET_ALWAYS_OPEN: 'true', ...options.env },
    clockAt: clearOfDailyLogout(new Date()),
  });
  const close = async () => {
    await receiver?.close();
    await t.close();
  };
  try {
    await openDeposits(t);
    await runMarket(t, 4);
    receiver = await redirectReceiver();
    const c = await trader(t, options.cash ?? 500_000);
    return { t, receiver, c, close };
  } catch (error) {
    await close();
    throw error;
  }
}
export type ConnectWorld = Awaited<ReturnType<typeof connectWorld>>;

/**
 * connectWorld, and the client's API app signed in through the official client (`kite`).
 * `call` runs a call a second later on the test clock, so that the per-app limits are not
 * what a test meets.
 */
export async function kiteWorld(options: { cash?: number } = {}) {
  const world = await connectWorld(options);
  const { t, c, receiver } = world;
  try {
    const app = await createApiApp(t, c, { redirect_url: receiver.url });
    const { kite } = await signedInKite(t, c, app, receiver);
    const call = async <T>(run: () => Promise<T>): Promise<T> => {
      t.clock.advance(1000);
      return run();
    };
    return { ...world, app, kite, call };
  } catch (error) {
    await world.close();
    throw error;
  }
}
export type KiteWorld = Awaited<ReturnType<typeof kiteWorld>>;
