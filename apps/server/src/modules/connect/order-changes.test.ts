/**
 * Programs hear every change of an order, not only its status transitions: an SL order whose
 * trigger a print crosses (TRIGGER PENDING → OPEN) and a modification (Kite's status UPDATE)
 * each reach the official `KiteTicker` as an order update and the app's postback URL as a
 * postback whose checksum the client's own validator accepts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KiteConnect, KiteTicker } from 'kiteconnect';
import type { TestApp } from '../../test/helpers.ts';
import { near, printAt } from '../trading/test-fixtures.ts';
import { connectWorld, type ConnectWorld, createApiApp, signedInKite } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type OrderEvent = { order_id: string; status: string; quantity: number } & Record<string, unknown>;

let world: ConnectWorld;
let t: TestApp;
let server: Server;
const postbacks: OrderEvent[] = [];

beforeAll(async () => {
  world = await connectWorld({ cash: 2_000_000 });
  ({ t } = world);
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      postbacks.push(JSON.parse(body));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await world?.close();
});

describe('order updates and postbacks beyond status transitions', () => {
  it('an SL order that triggers, then a modify: each an order update and a postback', async () => {
    const postbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`;
    const app = await createApiApp(t, world.c, {
      redirect_url: world.receiver.url,
      postback_url: postbackUrl,
    });
    const { kite, session } = await signedInKite(t, world.c, app, world.receiver);
    const ticker = new KiteTicker({
      api_key: app.api_key,
      access_token: session.access_token,
      root: `${t.baseUrl.replace('http', 'ws')}/connect/ws`,
      reconnect: false,
    } as never);
    const updates: OrderEvent[] = [];
    ticker.on('order_update', (update: OrderEvent) => updates.push(update));
    const connected = new Promise<void>((resolve) => ticker.on('connect', () => resolve()));
    ticker.connect();
    await connected;
    const heard = (list: OrderEvent[], id: string, status: string) =>
      vi.waitFor(
        () => {
          const found = list.find((u) => u.order_id === id && u.status === status);
          if (!found) throw new Error(`no ${status} yet for ${id}`);
          return found;
        },
        { timeout: 30_000, interval: 50 },
      );

    // A stop buy whose limit sits between the trigger and the print that crosses it: it
    // triggers and then waits, open.
    const trigger = near(t, 'HDFCBANK', 102);
    const limit = near(t, 'HDFCBANK', 103);
    const crossing = near(t, 'HDFCBANK', 104);
    const quantity = Math.ceil(2_000_000 / limit);
    t.clock.advance(1000);
    const { order_id } = await kite.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'HDFCBANK',
      transaction_type: 'BUY',
      quantity,
      product: 'CNC',
      order_type: 'SL',
      trigger_price: trigger / 100,
      price: limit / 100,
    });
    await heard(updates, order_id, 'TRIGGER PENDING');
    await printAt(t, 'HDFCBANK', crossing);
    await heard(updates, order_id, 'OPEN');
    const opened = await heard(postbacks, order_id, 'OPEN');

    t.clock.advance(1000);
    await kite.modifyOrder('regular', order_id, { quantity: quantity + 1 });
    expect((await heard(updates, order_id, 'UPDATE')).quantity).toBe(quantity + 1);
    const modified = await heard(postbacks, order_id, 'UPDATE');
    expect(modified.quantity).toBe(quantity + 1);

    const verifier = new KiteConnect({ api_key: app.api_key });
    for (const p of [opened, modified])
      expect(verifier.validatePostback(p as never, app.api_secret)).toBe(true);
    t.clock.advance(1000);
    await kite.cancelOrder('regular', order_id);
    ticker.disconnect();
  });
});
