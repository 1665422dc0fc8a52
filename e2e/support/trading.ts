/**
 * Steps the trading specs share: a client's API session and PIN, an operations member of its
 * own (created with the CLI, signed in over the console API with a TOTP computed here) and a
 * deposit that operations confirm, so that the client has cash to trade with.
 */
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import { md5, type TOrder } from '@sampada/shared';
import { authenticator } from 'otplib';
import { createStaff } from './cli';

export const CONSOLE_API = '/console/api/v1';
export const STAFF_PASSWORD = 'Console-e2e-2026';
export const PIN = '482137';

/** A price as the apps show it: rupees, Indian grouping, 2 decimals. */
export const RUPEES = /^₹[\d,]+\.\d{2}$/;

/** '₹1,612.35' → 1612.35 */
export const rupeesOfText = (text: string) => Number(text.replace(/[₹,\s]/g, ''));

/** Today in IST as YYYY-MM-DD (the exchange's and the desk's day). */
export const istToday = (now = new Date()) =>
  new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** An IST wall-clock time `minutes` from now: '2026-03-10T09:15'. */
export const istInput = (minutes: number) =>
  new Date(Date.now() + (330 + minutes) * 60_000).toISOString().slice(0, 16);

/**
 * Types an IST date and time ('2026-03-10T09:15') into the console's day-and-time field: the
 * day as staff may type it (it reads an ISO day as well as 10 Mar 2026), then the time (HH:MM).
 */
export async function fillIstDateTime(scope: Locator, testId: string, local: string) {
  const day = scope.getByTestId(`${testId}-day`);
  await day.fill(local.slice(0, 10));
  await day.blur();
  await scope.getByTestId(`${testId}-time`).fill(local.slice(11, 16));
}

/** A run id unique per project and run, for emails, UTRs and symbols. */
export const runId = (project: string) => `${project}-${Date.now().toString(36)}`;

async function envelope(response: APIResponse) {
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** The client's bearer token, from an API sign-in of its own. */
export async function clientToken(
  request: APIRequestContext,
  client: { mobile: string; password: string },
): Promise<string> {
  const data = await envelope(
    await request.post('/auth/app/v1/login', {
      data: { username: `+91${client.mobile}`, password: md5(client.password) },
    }),
  );
  return data.access_token as string;
}

/** Calls the client API with the token; POSTs carry a fresh Idempotency-Key. */
export async function clientCall(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
) {
  return envelope(
    await request[method](path, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      ...(data ? { data } : {}),
    }),
  );
}

/** Sets the PIN over the API: the password is confirmed first, as the Set PIN dialog does. */
export async function setPin(
  request: APIRequestContext,
  token: string,
  password: string,
  pin = PIN,
) {
  await clientCall(request, token, 'post', '/client/app/v1/pwd_verify', {
    password: md5(password),
  });
  await clientCall(request, token, 'post', '/client/app/v1/pin', { pin: md5(pin) });
}

/** An operations member of this run (the CLI creates it; each run has a fresh database). */
export async function createOps(run: string): Promise<string> {
  const email = `ops-trading-${run}@firm.test`.toLowerCase();
  await createStaff(email, 'operations', STAFF_PASSWORD);
  return email;
}

/** Signs a staff member in over the console API for the first time, enrolling TOTP on the way. */
export async function staffToken(request: APIRequestContext, email: string): Promise<string> {
  const challenge = await envelope(
    await request.post(`${CONSOLE_API}/auth/sign-in`, {
      data: { email, password: md5(STAFF_PASSWORD) },
    }),
  );
  expect(challenge.step).toBe('enrol');
  const session = await envelope(
    await request.post(`${CONSOLE_API}/auth/verify`, {
      data: {
        challenge_token: challenge.challenge_token,
        code: authenticator.generate(challenge.enrolment.secret as string),
      },
    }),
  );
  return session.token as string;
}

/** The bearer token of a console tab that is signed in. */
export async function consoleTabToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('sampada.console.session') ?? '{}').token as string,
  );
  expect(token).toBeTruthy();
  return token;
}

export async function consoleCall(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
) {
  return envelope(
    await request[method](`${CONSOLE_API}${path}`, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      ...(data ? { data } : {}),
    }),
  );
}

let utrCounter = 0;
/** A 12-digit IMPS reference no other deposit of the database uses. */
const freshUtr = () => {
  utrCounter += 1;
  return `${Date.now()}${utrCounter}${Math.floor(Math.random() * 10)}`.slice(-12);
};

/** The client deposits `rupees` over the API; operations confirm it; returns the cash available. */
export async function fundClient(
  request: APIRequestContext,
  token: string,
  opsToken: string,
  rupees: number,
): Promise<number> {
  const deposit = await clientCall(request, token, 'post', '/funds/app/v1/deposits', {
    amount: String(rupees),
    method: 'IMPS',
    utr: freshUtr(),
  });
  expect(deposit.status).toBe('pending');
  const confirmed = await consoleCall(
    request,
    opsToken,
    'post',
    `/funds/deposits/${deposit.id}/confirm`,
  );
  expect(confirmed.status).toBe('confirmed');
  const assets = await clientCall(request, token, 'get', '/stat/app/v1/asset');
  expect(assets.cash_available_paise).toBe(rupees * 100);
  return assets.cash_available_paise as number;
}

/** One order as the client API has it now. */
export const getOrder = (request: APIRequestContext, token: string, id: string) =>
  clientCall(request, token, 'get', `/trade/app/v1/orders/${id}`) as Promise<TOrder>;

/** Waits for the order the page is about to place (POST /trade/app/v1/orders) and returns it. */
export function placedOrder(page: Page): Promise<TOrder> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/trade/app/v1/orders',
    )
    .then(async (response) => {
      const body = await response.json();
      expect(body.code, JSON.stringify(body)).toBe(200);
      return body.data as TOrder;
    });
}

/** Types the PIN into a Mantine PinInput found by its test id. */
export async function typePin(page: Page, scope: ReturnType<Page['getByTestId']>, pin = PIN) {
  await scope.getByTestId('trade-pin').locator('input').first().click();
  await page.keyboard.type(pin);
}
