/**
 * The server as an operator runs it: a child process (`npm start`'s compiled server when it
 * is newer than its sources, else `node --import tsx src/main.ts`) on its own DATA_DIR with
 * the embedded PostgreSQL, for the tests that signal or kill it. Also the data those tests
 * need, made beforehand in this process through the services (a demo firm, the demo client
 * KYC-approved, deposits waiting for confirmation), and plain HTTP calls on a fresh
 * connection each, so that every outcome is an answer or a refused connection.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { authenticator } from 'otplib';
import { md5, type TSignInChallenge, type TStaffSession } from '@sampada/shared';
import { loadConfig } from '../config.ts';
import { DEMO_CLIENT, DEMO_STAFF_PASSWORD, seedDemo } from '../modules/demo/seed.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { SERVER_MAIN, serverBuildIsFresh } from '../../../../scripts/build-if-needed.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');

/**
 * The compiled server when it is up to date (CI builds it before the tests): loading the
 * sources through tsx costs seconds of CPU at every start, and these tests start dozens.
 * Decided once, as this module loads, so that a test's servers all run the same code.
 */
const serverEntry = serverBuildIsFresh() ? [SERVER_MAIN] : ['--import', 'tsx', mainTs];

/** A DATA_DIR the embedded PostgreSQL can use (as root it runs as `postgres`). */
export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

const envFor = (dataDir: string, extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000',
  MARKET_ALWAYS_OPEN: 'true',
  ...extra,
});

/** Opens DATA_DIR's database in this process (starting its embedded PostgreSQL). */
export async function openDataDir(dataDir: string): Promise<Runtime> {
  // The test's own work on the database waits for a pooled connection as long as it must on a
  // busy box; the deadlines under test are the spawned server's.
  const env = envFor(dataDir, { DB_CONNECT_TIMEOUT_MS: '30000' });
  delete (env as Partial<typeof env>).PORT;
  return openRuntime(loadConfig(env));
}

export type Firm = {
  clientId: string;
  depositIds: string[];
  /** The demo client's available cash before any deposit is confirmed (paise). */
  cashBefore: bigint;
};

/** The demo firm, and `deposits` requests of ₹1,000 by the demo client awaiting operations. */
export async function prepareFirm(dataDir: string, deposits: number): Promise<Firm> {
  const { ctx, database } = await openDataDir(dataDir);
  try {
    await seedDemo(ctx);
    // The demo client's loan has instalments past due: the accrual job the server runs at start
    // would auto-debit them from the cash these tests count. Collect them now, before counting.
    await ctx.credit.servicing.runAccrual();
    const client = (await ctx.clients.findByMobile(`+91${DEMO_CLIENT.mobile}`))!;
    const depositIds: string[] = [];
    for (let i = 0; i < deposits; i++) {
      const view = await ctx.funds.deposits.request(
        client.id,
        { amount: 100_000n, method: 'NEFT', utr: `HDFCN${String(900_000 + i).padStart(11, '0')}` },
        { baseUrl: 'http://localhost', actor: { type: 'system', id: 'test' } },
      );
      depositIds.push(view.id);
    }
    const { cash_available } = await ctx.ledger.balancesOf(client.id);
    return { clientId: client.id, depositIds, cashBefore: cash_available };
  } finally {
    await database.close();
  }
}

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
};

/** Spawns the server on DATA_DIR, without waiting for it (a start that is meant to fail). */
export function spawnServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Omit<ServerProcess, 'baseUrl'> {
  const child = spawn(process.execPath, serverEntry, {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...envFor(dataDir, env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** Starts the server on DATA_DIR and resolves once it prints its address. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const { child, exited, output } = spawnServerProcess(dataDir, env);
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = /Client app\s+http:\/\/localhost:(\d+)\//.exec(output());
      if (found) resolve(`http://127.0.0.1:${found[1]}`);
    };
    child.stdout!.on('data', look);
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (${code ?? signal}) before serving:\n${output()}`)),
    );
  });
  return { child, baseUrl, exited, output };
}

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own shape
  body: { code: number; message: string; data: any };
};
export type Outcome = Answer | { error: string };

/** One request on a connection of its own; a refused or broken connection is an outcome too. */
export function call(
  baseUrl: string,
  method: string,
  url: string,
  init: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return new Promise((resolve) => {
    const request = http.request(
      `${baseUrl}${url}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: text ? JSON.parse(text) : null,
            });
          } catch {
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: { code: 0, message: text, data: null },
            });
          }
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    request.end(body);
  });
}

export const isAnswer = (o: Outcome): o is Answer => 'status' in o;

/** Signs a demo staff member in through the console API (password, then TOTP enrolment). */
export async function signInDemoStaff(baseUrl: string, email: string): Promise<string> {
  const step1 = await call(baseUrl, 'POST', '/console/api/v1/auth/sign-in', {
    json: { email, password: md5(DEMO_STAFF_PASSWORD) },
  });
  if (!isAnswer(step1) || step1.status !== 200)
    throw new Error(`sign-in: ${JSON.stringify(step1)}`);
  const challenge = step1.body.data as TSignInChallenge;
  const step2 = await call(baseUrl, 'POST', '/console/api/v1/auth/verify', {
    json: {
      challenge_token: challenge.challenge_token,
      code: authenticator.generate(challenge.enrolment!.secret),
    },
  });
  if (!isAnswer(step2) || step2.status !== 200) throw new Error(`verify: ${JSON.stringify(step2)}`);
  return (step2.body.data as TStaffSession).token;
}

/** Signs the demo client in; answers the access token. */
export async function signInDemoClient(baseUrl: string): Promise<string> {
  const reply = await call(baseUrl, 'POST', '/auth/app/v1/login', {
    json: { username: `+91${DEMO_CLIENT.mobile}`, password: md5(DEMO_CLIENT.password) },
  });
  if (!isAnswer(reply) || reply.status !== 200) throw new Error(`login: ${JSON.stringify(reply)}`);
  return reply.body.data.access_token as string;
}
