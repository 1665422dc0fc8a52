/**
 * Timeouts (issue 21): a blocked lock or a stuck database fails a request with a clear 503
 * (the envelope's "busy" message, Retry-After), never a hang, and nothing half-done stays
 * behind: the same request retried with its idempotency key once the database is free takes
 * effect exactly once.
 */
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5, type TAuthData, type TDepositView } from '@sampada/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { dbTimeoutsOf } from '../runtime.ts';
import { keyed, moneyClient, nextUtr, openDeposits } from '../modules/funds/test-fixtures.ts';
import {
  BUSY_REPLY,
  buildTestApp,
  freshPostgresDatabase,
  http,
  nextMobile,
  signInStaff,
  signUpClient,
  sqlRows,
  type TestApp,
} from '../test/helpers.ts';
import { manualClock } from '../platform/clock.ts';
import { loadSecrets } from '../platform/secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ shippedTimeouts: true });
  await openDeposits(t);
});
afterAll(async () => t.close());

describe('a lock held by another connection', () => {
  it('answers 503 while the deposit row is locked elsewhere; the retry with the same key confirms it once', async () => {
    const ops = await signInStaff(t, 'operations');
    const c = await moneyClient(t);
    const requested = await t.api.post<TDepositView>(
      '/funds/app/v1/deposits',
      { amount: 20000, method: 'NEFT', utr: nextUtr() },
      c.token,
      keyed(),
    );
    expect(requested.body).toMatchObject({ code: 200 });
    const deposit = requested.body.data;
    const holder = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from deposits where id = $1 for update', [deposit.id]);
    const key = keyed();
    const url = `/console/api/v1/funds/deposits/${deposit.id}/confirm`;
    // Answered while the lock is still held: the request did not wait for it.
    const blocked = await t.api.raw(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${ops.token}`, 'content-type': 'application/json', ...key },
      body: '{}',
    });
    expect(blocked.status).toBe(503);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect(await blocked.json()).toEqual(BUSY_REPLY.body);
    await holder.query('rollback');
    await holder.end();

    const retried = await t.api.post(url, {}, ops.token, key);
    expect(retried.status).toBe(200);
    const postings = await sqlRows(
      t,
      `select id from ledger_postings where reference = 'deposit:${deposit.id}'`,
    );
    expect(postings).toHaveLength(1);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });
});

describe('a request that outlives the request timeout', () => {
  it('answers 503 to a request with a body at the deadline, while its statement still waits for a lock', async () => {
    // Locks and statements may wait far longer than the request: only the deadline answers.
    const slow = await buildTestApp({
      sharing: t,
      env: {
        REQUEST_TIMEOUT_MS: '500',
        DB_LOCK_TIMEOUT_MS: '600000',
        DB_STATEMENT_TIMEOUT_MS: '600000',
      },
    });
    const holder = new pg.Client({ connectionString: slow.ctx.config.databaseUrl });
    holder.on('error', () => {});
    try {
      const c = await signUpClient(t);
      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table watchlist_items in access exclusive mode');
      // The timeout of a request with a body once ended as soon as the body had been read (the
      // request's 'close'): this one would have waited on the lock for as long as it was held.
      const answer = await slow.api.post('/market/app/v1/watchlist', { symbol: 'INFY' }, c.token);
      expect(answer).toEqual(BUSY_REPLY);
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
      await slow.close();
    }
  });
});

/**
 * A TCP relay between the server and PostgreSQL that can freeze: bytes stop flowing both
 * ways (as with a hung host or a cut network) until it thaws, when what it held is delivered.
 */
async function freezableRelay(target: URL) {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (frozen) held.push(() => to.write(chunk));
        else to.write(chunk);
      });
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    freeze: () => void (frozen = true),
    thaw: () => {
      frozen = false;
      held.splice(0).forEach((send) => send());
    },
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        relay.close(() => resolve());
      }),
  };
}

describe('a database that stops answering', () => {
  it('answers 503 to an API call and to /ready while the database hangs, and serves again when it answers', async () => {
    const postgres = await freshPostgresDatabase();
    const relay = await freezableRelay(new URL(postgres.url));
    const config = loadConfig({
      DATA_DIR: t.ctx.config.dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '1000',
      DATABASE_URL: relay.url,
    });
    const database = await openDatabase({
      url: relay.url,
      migrate: false,
      timeouts: dbTimeoutsOf(config),
    });
    const ctx = createContext({
      config,
      db: database.db,
      clock: manualClock(new Date()),
      secrets: loadSecrets(config),
    });
    const app = await buildApp(ctx, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const api = http(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
    try {
      const advisor = await ctx.staff.createStaff(
        { email: 'advisor@relay.test', roles: ['advisor'], password: 'advisor-password' },
        { type: 'system', id: 'test' },
      );
      const invite = await ctx.invites.createInvite(advisor, {}, { type: 'system', id: 'test' });
      const token = (
        await api.post<TAuthData>('/auth/app/v1/register', {
          username: `+91${nextMobile()}`,
          password: md5('secret123'),
          invite_code: invite.code,
        })
      ).body.data.access_token;
      expect((await api.get('/auth/app/v1/client_info', token)).status).toBe(200);
      relay.freeze();
      expect(await api.get('/auth/app/v1/client_info', token)).toEqual(BUSY_REPLY);
      const ready = await api.get('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ data: { database: 'down' } });
      expect((await api.get('/live')).status).toBe(200);
      relay.thaw();
      // The pool replaces the connections the freeze timed out; on a loaded box the first call
      // after the thaw may still find none ready, so wait for the positive signal.
      await vi.waitFor(
        async () => expect((await api.get('/auth/app/v1/client_info', token)).status).toBe(200),
        { timeout: 30_000, interval: 250 },
      );
      await vi.waitFor(async () => expect((await api.get('/ready')).status).toBe(200), {
        timeout: 30_000,
        interval: 250,
      });
    } finally {
      relay.thaw();
      await app.close();
      await database.close();
      await relay.close();
      await postgres.drop();
    }
  });
});
