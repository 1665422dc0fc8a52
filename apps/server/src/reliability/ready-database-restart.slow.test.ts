/**
 * Readiness follows the database (issue 21): a server on its own embedded PostgreSQL answers
 * /ready 200; with the database stopped /ready answers 503 and /live 200, and an API call a
 * clear 503 rather than a hang; once the database is back on the same port, /ready answers
 * 200 again by itself, with no restart of the server. Slow: it starts a PostgreSQL server.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, type TAuthData } from '@sampada/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { dbTimeoutsOf } from '../runtime.ts';
import { BUSY_REPLY, http } from '../test/helpers.ts';
import { manualClock } from '../platform/clock.ts';
import { loadSecrets } from '../platform/secrets.ts';

let folder: string;
let server: EmbeddedPostgres;
let database: Database;
let close: () => Promise<void>;
let api: ReturnType<typeof http>;
let port: number;
let token: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'sampada-ready-'));
  chmodSync(folder, 0o755);
  server = await startEmbeddedPostgres(path.join(folder, 'db'), { ephemeral: true });
  port = Number(new URL(server.url).port);
  const config = loadConfig({
    DATA_DIR: path.join(folder, 'app'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    DATABASE_URL: server.url,
  });
  database = await openDatabase({ url: server.url, timeouts: dbTimeoutsOf(config) });
  const ctx = createContext({
    config,
    db: database.db,
    clock: manualClock(new Date()),
    secrets: loadSecrets(config),
  });
  await ctx.menu.seedDefaults();
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  api = http(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  const system = { type: 'system', id: 'test' } as const;
  const advisor = await ctx.staff.createStaff(
    { email: 'advisor@ready.test', roles: ['advisor'], password: 'advisor-password' },
    system,
  );
  const invite = await ctx.invites.createInvite(advisor, {}, system);
  const signUp = await api.post<TAuthData>('/auth/app/v1/register', {
    username: '+919876500001',
    password: md5('secret123'),
    invite_code: invite.code,
  });
  token = signUp.body.data.access_token;
  close = async () => {
    await app.close();
    await database.close();
  };
});

afterAll(async () => {
  await close?.();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Asks /ready until it answers `status`, at most `tries` times, a quarter second apart. */
async function readyUntil(status: number, tries = 80) {
  let last = await api.get('/ready');
  for (let i = 1; i < tries && last.status !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await api.get('/ready');
  }
  return last;
}

describe('readiness while the database stops and comes back', () => {
  it('answers 503 on /ready (200 on /live) while the database is down, and 200 again once it is back', async () => {
    const before = await api.get('/ready');
    expect(before).toEqual({
      status: 200,
      body: {
        code: 200,
        message: 'Ready.',
        data: { status: 'ready', database: 'up', migrations: 'applied', draining: false },
      },
    });

    await server.stop();
    const down = await api.get('/ready');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      code: 503,
      message: 'Not ready: the database does not answer.',
      data: { status: 'not ready', database: 'down', draining: false },
    });
    expect((await api.get('/live')).status).toBe(200);
    const call = await api.get('/auth/app/v1/client_info', token);
    expect(call).toEqual(BUSY_REPLY);

    server = await startEmbeddedPostgres(path.join(folder, 'db'), { ephemeral: true, port });
    expect((await readyUntil(200)).body.data).toEqual({
      status: 'ready',
      database: 'up',
      migrations: 'applied',
      draining: false,
    });
    expect((await api.get('/auth/app/v1/client_info', token)).status).toBe(200);
  });
});
