/**
 * Test harness: a real server on a random 127.0.0.1 port over a fresh database, copied from
 * the run's migrated template on the run's PostgreSQL server (test/global-setup.ts: the
 * embedded one, or DATABASE_URL's) and dropped afterwards. REDIS_URL turns on Redis.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { authenticator } from 'otplib';
import { inject } from 'vitest';
import {
  ApiMessage,
  md5,
  type TAuthData,
  type TSignInChallenge,
  type TStaffRole,
  type TStaffSession,
} from '@sampada/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { dbTimeoutsOf } from '../runtime.ts';
import { manualClock } from '../platform/clock.ts';
import { loadSecrets } from '../platform/secrets.ts';

const serverUrl = inject('databaseServerUrl');

/** A new database copied from the run's migrated template: no migration per test file. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sampada_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * `sharing`: a second instance on the first one's PostgreSQL database (as two servers behind
 * a balancer); the first app drops the database, so close the second one first.
 */
/**
 * The request and lock timeouts a test app runs under unless it asks for the shipped ones
 * (`shippedTimeouts`): long, because the race tests send 50–100 PIN-checked requests at once
 * on a 2-core machine that other test files share, where a 2-second deadline would shed load
 * (answer 503) by design; they test the races' arithmetic, the timeout tests the deadlines.
 */
const RACE_TIMEOUTS = {
  REQUEST_TIMEOUT_MS: '60000',
  DB_LOCK_TIMEOUT_MS: '30000',
  DB_STATEMENT_TIMEOUT_MS: '60000',
  // A pool of 10 under a hundred racing requests on a loaded box waits its turn for seconds.
  DB_CONNECT_TIMEOUT_MS: '30000',
};

export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    sharing?: TestApp;
    /**
     * The test clock's first reading (default: now). An instance's jobs run from the moment it
     * is built, on its own clock: one meant to agree with another's starts there.
     */
    clockAt?: Date;
    shippedTimeouts?: boolean;
    /** Logs at LOG_LEVEL (env) into this stream instead of none. */
    logStream?: NodeJS.WritableStream;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sampada-test-'));
  const sharedUrl = options.sharing?.ctx.config.databaseUrl;
  // Instances of one deployment share their keys (tokens signed by one verify on the other).
  if (options.sharing)
    copyFileSync(
      path.join(options.sharing.ctx.config.dataDir, 'secrets.json'),
      path.join(dataDir, 'secrets.json'),
    );
  const postgres = sharedUrl
    ? { url: sharedUrl, drop: async () => {} }
    : await freshPostgresDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    DATABASE_URL: postgres.url,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(options.shippedTimeouts ? {} : RACE_TIMEOUTS),
    ...options.env,
  });
  const database = await openDatabase({
    url: postgres.url,
    migrate: false,
    timeouts: dbTimeoutsOf(config),
  });
  const clock = manualClock(options.clockAt ?? new Date());
  const ctx = createContext({ config, db: database.db, clock, secrets: loadSecrets(config) });
  await ctx.menu.seedDefaults();
  const app = await buildApp(ctx, {
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    rateLimitNamespace: `sampada-test-${randomBytes(6).toString('hex')}:`,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    ctx,
    clock,
    baseUrl,
    api: http(baseUrl),
    async close() {
      await app.close();
      await database.close();
      await postgres.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Reply<T = unknown> = {
  status: number;
  body: { code: number; message: string; data: T };
};

/** What an API request answers when the database or the request's deadline says "busy". */
export const BUSY_REPLY = {
  status: 503,
  body: { code: 503, message: ApiMessage.unavailable, data: null, error_code: 'api.unavailable' },
};

/** Real HTTP with fetch; answers status and the parsed envelope. */
export function http(baseUrl: string) {
  async function call<T>(
    method: string,
    url: string,
    init: {
      token?: string;
      json?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: RequestInit['body'];
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  return {
    get: <T = unknown>(url: string, token?: string) => call<T>('GET', url, token ? { token } : {}),
    post: <T = unknown>(
      url: string,
      json?: unknown,
      token?: string,
      headers?: Record<string, string>,
    ) =>
      call<T>('POST', url, { json, ...(token ? { token } : {}), ...(headers ? { headers } : {}) }),
    put: <T = unknown>(url: string, json: unknown, token?: string) =>
      call<T>('PUT', url, { json, ...(token ? { token } : {}) }),
    del: <T = unknown>(url: string, token?: string) =>
      call<T>('DELETE', url, token ? { token } : {}),
    upload: <T = unknown>(url: string, form: FormData, token: string) =>
      call<T>('POST', url, { form, token }),
    raw: (url: string, init?: RequestInit) => fetch(`${baseUrl}${url}`, init),
  };
}

let mobileCounter = 0;
/** A valid, unused Indian mobile for this process. */
export function nextMobile(): string {
  mobileCounter += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(mobileCounter).padStart(6, '0')}`;
}

/** An active advisor for invitation codes, created once per app. */
export async function ensureAdvisor(t: TestApp, email = 'advisor@test.in') {
  return (
    (await t.ctx.staff.findByEmail(email)) ??
    (await t.ctx.staff.createStaff(
      { email, roles: ['advisor'], password: 'advisor-password' },
      { type: 'system', id: 'test' },
    ))
  );
}

export async function issueInvite(
  t: TestApp,
  options: { maxUses?: number; expiresInMs?: number } = {},
) {
  const advisor = await ensureAdvisor(t);
  return (await t.ctx.invites.createInvite(advisor, options, { type: 'system', id: 'test' })).code;
}

export type SignedUpClient = {
  mobile: string;
  password: string;
  auth: TAuthData;
  token: string;
  id: string;
};

/** Registers a client through the real API with a fresh invitation code. */
export async function signUpClient(
  t: TestApp,
  mobile = nextMobile(),
  password = 'secret123',
): Promise<SignedUpClient> {
  const invite = await issueInvite(t);
  const reply = await t.api.post<TAuthData>('/auth/app/v1/register', {
    username: `+91${mobile}`,
    password: md5(password),
    invite_code: invite,
  });
  if (reply.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(reply.body)}`);
  const client = await t.ctx.clients.findByMobile(`+91${mobile}`);
  return {
    mobile,
    password,
    auth: reply.body.data,
    token: reply.body.data.access_token,
    id: client!.id,
  };
}

// ---------- Staff (console) ----------

export const STAFF_TEST_PASSWORD = 'staff-password-1';

export type SignedInStaff = {
  id: string;
  email: string;
  token: string;
  /** The TOTP secret enrolled at first sign-in, so a test can compute later codes. */
  secret: string;
  recoveryCodes: string[];
};

let staffCounter = 0;

/**
 * Creates a staff member with `role` and signs them in through the real console API:
 * password, then TOTP enrolment confirmed with a code computed here from the secret.
 */
export async function signInStaff(
  t: TestApp,
  role: TStaffRole | TStaffRole[],
  email = `${Array.isArray(role) ? role.join('-') : role}${++staffCounter}@staff.test`,
): Promise<SignedInStaff> {
  const roles = Array.isArray(role) ? role : [role];
  const row = await t.ctx.staff.createStaff(
    { email, roles, password: STAFF_TEST_PASSWORD },
    { type: 'system', id: 'test' },
  );
  const step1 = await t.api.post<TSignInChallenge>('/console/api/v1/auth/sign-in', {
    email,
    password: md5(STAFF_TEST_PASSWORD),
  });
  if (step1.status !== 200 || !step1.body.data.enrolment)
    throw new Error(`sign-in failed: ${JSON.stringify(step1.body)}`);
  const { secret, recovery_codes } = step1.body.data.enrolment;
  const code = authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret);
  const step2 = await t.api.post<TStaffSession>('/console/api/v1/auth/verify', {
    challenge_token: step1.body.data.challenge_token,
    code,
  });
  if (step2.status !== 200) throw new Error(`TOTP enrolment failed: ${JSON.stringify(step2.body)}`);
  return { id: row.id, email, token: step2.body.data.token, secret, recoveryCodes: recovery_codes };
}

/** The current TOTP code for a secret at the test clock's time. */
export const totpAt = (t: TestApp, secret: string) =>
  authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret);

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function sqlRows<T = Record<string, unknown>>(
  t: TestApp,
  query: string,
): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

type OpenApiDoc = { paths: Record<string, never>; components?: { schemas?: object } };

/**
 * The API reference as a reader gets it over HTTP: the public /docs/json, and with a staff
 * token the console's staff-only reference merged in (paths and named schemas).
 */
export async function apiReference<D = OpenApiDoc>(t: TestApp, staffToken?: string): Promise<D> {
  const open = (await (await t.api.raw('/docs/json')).json()) as OpenApiDoc;
  if (!staffToken) return open as D;
  const reply = await t.api.raw('/console/api/v1/reference/openapi.json', {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  if (reply.status !== 200) throw new Error(`staff reference: ${reply.status}`);
  const staff = (await reply.json()) as OpenApiDoc;
  return {
    ...open,
    paths: { ...open.paths, ...staff.paths },
    components: {
      ...open.components,
      schemas: { ...open.components?.schemas, ...staff.components?.schemas },
    },
  } as D;
}
