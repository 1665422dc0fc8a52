/**
 * Two instances on one database (and one Redis, when REDIS_URL is set): the per-app limits
 * hold across them under a parallel burst — through HTTP, and for each store (Redis and
 * PostgreSQL) taken by two separate store objects at once — and an order event that both
 * instances hear on the shared bus is POSTed to the app once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KiteConnect, KiteTicker } from 'kiteconnect';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import { busPrefixOf } from '../../platform/bus.ts';
import { openDeposits, type MoneyClient } from '../funds/test-fixtures.ts';
import { runMarket, trader } from '../trading/test-fixtures.ts';
import { LIMITS, postgresLimits, redisLimits, type LimitStore } from './limits.ts';
import { createApiApp, redirectReceiver, signedInKite } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let one: TestApp;
let two: TestApp;
let receiver: Awaited<ReturnType<typeof redirectReceiver>>;
let c: MoneyClient;
let server: Server;
const received: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  one = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  two = await buildTestApp({ sharing: one, env: { MARKET_ALWAYS_OPEN: 'true' } });
  // One instant for both: the limits' windows are the same on each.
  two.clock.set(one.clock.now());
  await openDeposits(one);
  await runMarket(one, 4);
  receiver = await redirectReceiver();
  c = await trader(one, 500_000);
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await receiver?.close();
  await two?.close();
  await one?.close();
});

/** A burst of `n` takes at once, alternating between two stores (two instances' own). */
async function burst(a: LimitStore, b: LimitStore, appId: string, n: number, nowMs: number) {
  const taken = await Promise.all(
    Array.from({ length: n }, (_, i) => (i % 2 ? a : b).take(appId, 'orders', nowMs)),
  );
  return taken.filter(Boolean).length;
}

describe('limits shared by two instances', () => {
  it('a parallel burst of 40 profile reads over both instances: exactly 10 pass in the second', async () => {
    const app = await createApiApp(one, c, { redirect_url: receiver.url });
    const { kite, session } = await signedInKite(one, c, app, receiver);
    const onTwo = new KiteConnect({ api_key: app.api_key, root: `${two.baseUrl}/connect` });
    onTwo.setAccessToken(session.access_token);
    one.clock.advance(1000);
    two.clock.set(one.clock.now());
    const replies = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? kite : onTwo).getProfile()),
    );
    expect(replies.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = replies.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(30);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ error_type: 'NetworkException' });
  });

  it('PostgreSQL store: two stores, 30 orders at once in one second → 10', async () => {
    const a = postgresLimits(one.ctx.db);
    const b = postgresLimits(two.ctx.db);
    const appId = crypto.randomUUID();
    const now = one.clock.now().getTime();
    expect(await burst(a, b, appId, 30, now)).toBe(LIMITS.orders[0]!.max);
    // The next second is a new window (the minute's count goes on).
    expect(await burst(a, b, appId, 4, now - (now % 1000) + 1000)).toBe(4);
  });

  it.skipIf(!process.env.REDIS_URL)(
    'Redis store: two stores, 30 orders at once in one second → 10',
    async () => {
      const prefix = `${busPrefixOf(one.ctx.config.databaseUrl)}test-${crypto.randomUUID()}:`;
      const a = redisLimits(process.env.REDIS_URL!, prefix);
      const b = redisLimits(process.env.REDIS_URL!, prefix);
      try {
        const appId = crypto.randomUUID();
        const now = one.clock.now().getTime();
        expect(await burst(a, b, appId, 30, now)).toBe(LIMITS.orders[0]!.max);
        expect(await burst(a, b, appId, 4, now - (now % 1000) + 1000)).toBe(4);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});

describe.skipIf(!process.env.REDIS_URL)('postbacks with two instances on one bus', () => {
  it('each order event is POSTed once, though both instances hear it', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`;
    const app = await createApiApp(one, c, { redirect_url: receiver.url, postback_url: url });
    const { kite, session } = await signedInKite(one, c, app, receiver);
    // A ticker on each instance: its order update says that instance has decided on the event.
    const heard = [one, two].map((t) => {
      const ticker = new KiteTicker({
        api_key: app.api_key,
        access_token: session.access_token,
        root: `${t.baseUrl.replace('http', 'ws')}/connect/ws`,
      } as never);
      const complete = new Promise<void>((resolve) => {
        ticker.on('order_update', (order: { status: string }) => {
          if (order.status === 'COMPLETE') resolve();
        });
      });
      const connected = new Promise<void>((resolve) => ticker.on('connect', () => resolve()));
      ticker.connect();
      return { ticker, complete, connected };
    });
    await Promise.all(heard.map((h) => h.connected));
    one.clock.advance(1000);
    const { order_id } = await kite.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      // About ₹25,000: above the minimum order value.
      quantity: Math.ceil(2_500_000 / one.ctx.market.engine.state('INFY')!.last),
      product: 'CNC',
      order_type: 'MARKET',
    });
    await runMarket(one, 400, async () => {
      const [row] = await sqlRows<{ status: string }>(
        one,
        `select status from orders where id = '${order_id}'`,
      );
      return row?.status === 'filled';
    });
    await Promise.all(heard.map((h) => h.complete));
    await vi.waitFor(
      () =>
        expect(received.some((p) => p.order_id === order_id && p.status === 'COMPLETE')).toBe(true),
      { timeout: 30_000 },
    );
    // The client exits the process on a close it may not reconnect after, unless told not to.
    for (const h of heard) {
      h.ticker.autoReconnect(false, 0, 0);
      h.ticker.disconnect();
    }
    const rows = await sqlRows<{ event: string; n: number }>(
      one,
      `select event, count(*)::int as n from connect_postbacks where order_id = '${order_id}' group by event`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const completes = received.filter((p) => p.order_id === order_id && p.status === 'COMPLETE');
    expect(completes).toHaveLength(1);
  });
});
