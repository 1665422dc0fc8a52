/**
 * Postback retries outlive the instance that made the first attempt (decision 042): instances
 * on one PostgreSQL database, a real local receiver that answers each order as the test says,
 * and each instance's manual clock moved by hand. The events are claimed and first sent with
 * the calls order-updates.ts makes after an order's commit; the whole path from an order is
 * ticker-postbacks.test.ts's and shared-instances.test.ts's.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KiteConnect } from 'kiteconnect';
import type { TApiAppWithSecret } from '@sampada/shared';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { moneyClient } from '../funds/test-fixtures.ts';
import type { AppRow } from './apps.ts';
import { POSTBACK_LEASE_MS } from './postback-backoff.ts';
import { connectPostbacks, type PostbackRow } from './tables.ts';
import { createApiApp, redirectReceiver } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** `b` owns the database (close it last); `a` shares it. */
let a: TestApp;
let b: TestApp;
let server: Server;
let redirect: Awaited<ReturnType<typeof redirectReceiver>>;
let app: TApiAppWithSecret;
let appRow: AppRow;

type Received = { body: Record<string, unknown>; status: number };
const received: Received[] = [];
/** How the receiver answers an order's n-th request (from 1); 200 unless set. */
const answers = new Map<string, (nth: number) => number>();

beforeAll(async () => {
  b = await buildTestApp();
  a = await buildTestApp({ sharing: b });
  a.clock.set(b.clock.now());
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const orderId = String(body.order_id);
      const nth = received.filter((r) => r.body.order_id === orderId).length + 1;
      const status = answers.get(orderId)?.(nth) ?? 200;
      received.push({ body, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  redirect = await redirectReceiver();
  const client = await moneyClient(b);
  app = await createApiApp(b, client, {
    redirect_url: redirect.url,
    postback_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`,
  });
  appRow = (await b.ctx.connect.apps.byId(app.id))!;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redirect?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

/** An order event as order-updates.ts sees it, for a fresh order. */
const orderEvent = () => ({
  order_id: randomUUID(),
  order_timestamp: '2026-11-20 10:15:00',
  status: 'COMPLETE',
  tradingsymbol: 'INFY',
  filled_quantity: 5,
  pending_quantity: 0,
});

/** What order-updates.ts does after the commit: claim the event, then its first attempt. */
async function announce(t: TestApp, orderId = randomUUID(), send = true) {
  const row = await t.ctx.connect.postbacks.claim(
    appRow,
    { ...orderEvent(), order_id: orderId },
    'AB1234',
  );
  if (!row) throw new Error('not claimed');
  if (send) t.ctx.connect.postbacks.sendNow(row, appRow);
  return row;
}

type Row = PostbackRow;
async function rowOf(id: string): Promise<Row> {
  const [row] = await b.ctx.db.select().from(connectPostbacks).where(eq(connectPostbacks.id, id));
  return row!;
}
/** Waits until the row is out of `sending` (its attempt recorded), and answers it. */
async function settled(id: string, attempts: number) {
  let row: Row | undefined;
  await vi.waitFor(
    async () => {
      row = await rowOf(id);
      expect(row.status).not.toBe('sending');
      expect(row.attempts).toBe(attempts);
    },
    { timeout: 30_000, interval: 50 },
  );
  return row!;
}

const bodiesOf = (orderId: string, status?: number) =>
  received.filter((r) => r.body.order_id === orderId && (status ?? r.status) === r.status);

function checksumsVerify(orderId: string) {
  const verifier = new KiteConnect({ api_key: app.api_key });
  for (const { body } of bodiesOf(orderId))
    expect(verifier.validatePostback(body as never, app.api_secret)).toBe(true);
}

describe('postback retries that outlive their instance', () => {
  it('a refused postback is delivered by another instance after the first one is closed', async () => {
    // On b's time from its first sweep: built on the real time (seconds ahead of b's) and set
    // after, a sweep already under way found the retry due at once (seen once under load).
    const doomed = await buildTestApp({ sharing: b, clockAt: b.clock.now() });
    const orderId = randomUUID();
    answers.set(orderId, (nth) => (nth === 1 ? 500 : 200));
    const row = await announce(doomed, orderId);
    const queued = await settled(row.id, 1);
    expect(queued).toMatchObject({ status: 'queued', lastError: 'HTTP 500' });
    expect(queued.nextAttemptAt!.getTime() - doomed.clock.now().getTime()).toBe(1000);
    await doomed.close();

    // The retry is due on b's clock: its sweep sends it.
    b.clock.set(queued.nextAttemptAt!);
    await b.ctx.connect.postbacks.sweep();
    const done = await settled(row.id, 2);
    expect(done).toMatchObject({ status: 'delivered', lastError: 'HTTP 500' });
    expect(bodiesOf(orderId, 200)).toHaveLength(1);
    expect(bodiesOf(orderId)).toHaveLength(2);
    expect(bodiesOf(orderId, 200)[0]!.body).toMatchObject({
      order_id: orderId,
      status: 'COMPLETE',
      user_id: 'AB1234',
      app_id: app.api_key,
      unfilled_quantity: 0,
    });
    checksumsVerify(orderId);
  });

  it('an event claimed by an instance that died before sending is taken back when its lease ends', async () => {
    const row = await announce(a, randomUUID(), false);
    b.clock.set(a.clock.now());
    // Within the lease, a sweep passes it by.
    await b.ctx.connect.postbacks.sweep();
    expect(await rowOf(row.id)).toMatchObject({ status: 'sending', attempts: 1 });
    b.clock.advance(POSTBACK_LEASE_MS);
    await b.ctx.connect.postbacks.sweep();
    expect(await settled(row.id, 2)).toMatchObject({ status: 'delivered', lastError: null });
    expect(bodiesOf(row.orderId)).toHaveLength(1);
    checksumsVerify(row.orderId);
  });

  it('a hundred due events swept by two instances at once are each delivered exactly once', async () => {
    // Claimed and never sent, as by an instance that died: all due once the lease is over.
    const rows = await Promise.all(
      Array.from({ length: 100 }, () => announce(b, randomUUID(), false)),
    );
    b.clock.advance(POSTBACK_LEASE_MS);
    a.clock.set(b.clock.now());
    // Two sweeps on each instance at once (a sweep takes 50): every claim races the others.
    const sweeps = () => Promise.all([a, b, a, b].map((t) => t.ctx.connect.postbacks.sweep()));
    const passes = await sweeps();
    expect(passes.reduce((n, p) => n + p.claimed, 0)).toBeGreaterThan(0);
    for (const row of rows) expect(await settled(row.id, 2)).toMatchObject({ status: 'delivered' });
    for (const row of rows) {
      expect(bodiesOf(row.orderId)).toHaveLength(1);
      checksumsVerify(row.orderId);
    }
  });

  it('gives up after an hour of clock time: about twenty attempts, then failed', async () => {
    const orderId = randomUUID();
    answers.set(orderId, () => 503);
    const row = await announce(b, orderId);
    let current = await settled(row.id, 1);
    // Each retry when it falls due, on b's clock (a's stays behind and never finds it due).
    for (let attempt = 2; current.status === 'queued' && attempt < 40; attempt++) {
      b.clock.set(current.nextAttemptAt!);
      await b.ctx.connect.postbacks.sweep();
      current = await settled(row.id, attempt);
    }
    expect(current).toMatchObject({ status: 'failed', attempts: 20, lastError: 'HTTP 503' });
    const lastAttempt = b.clock.now().getTime();
    expect(lastAttempt - current.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000);
    expect(lastAttempt - current.createdAt.getTime()).toBeGreaterThan(55 * 60_000);
    expect(bodiesOf(orderId)).toHaveLength(20);
    checksumsVerify(orderId);
  });

  it('an event whose app was disabled before its retry fails at once, without a POST', async () => {
    const orderId = randomUUID();
    answers.set(orderId, () => 500);
    const row = await announce(b, orderId);
    const queued = await settled(row.id, 1);
    const actor = { type: 'system', id: 'test' } as const;
    await b.ctx.connect.apps.setDisabled(app.id, true, actor);
    try {
      b.clock.set(queued.nextAttemptAt!);
      await b.ctx.connect.postbacks.sweep();
      const failed = await settled(row.id, 2);
      expect(failed).toMatchObject({ status: 'failed', lastError: 'The app is disabled.' });
      expect(bodiesOf(orderId)).toHaveLength(1);
    } finally {
      await b.ctx.connect.apps.setDisabled(app.id, false, actor);
    }
  });
});
