/**
 * The official `KiteTicker` on /connect/ws decodes our ticks in all three modes (prices equal
 * to the engine's), an index's packets, and the order updates of an API order; the order's
 * postbacks reach a real local receiver, the first refusal is retried, and the checksum checks
 * out with the client's own validator.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KiteConnect, KiteTicker } from 'kiteconnect';
import type { TestApp } from '../../test/helpers.ts';
import type { MoneyClient } from '../funds/test-fixtures.ts';
import { placed, runMarket } from '../trading/test-fixtures.ts';
import {
  connectWorld,
  type ConnectWorld,
  createApiApp,
  type Receiver,
  signedInKite,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Tick = {
  instrument_token: number;
  mode: string;
  tradable: boolean;
  last_price: number;
  ohlc?: { close: number };
  depth?: { buy: unknown[]; sell: unknown[] };
};

let world: ConnectWorld;
let t: TestApp;
let receiver: Receiver;
let c: MoneyClient;
let server: Server;
/** Postbacks received, in order; the first one is answered 500 (a refusal to retry). */
const postbacks: Array<Record<string, unknown>> = [];
let answered = 0;

beforeAll(async () => {
  world = await connectWorld();
  ({ t, receiver, c } = world);
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      answered += 1;
      if (answered === 1) return response.writeHead(500).end();
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

/** Resolves with the first value `pick` finds among the events, as they arrive. */
function waitFor<T>(
  subscribe: (listener: (value: unknown) => void) => void,
  pick: (v: unknown) => T | undefined,
) {
  return new Promise<T>((resolve) => {
    subscribe((value) => {
      const found = pick(value);
      if (found !== undefined) resolve(found);
    });
  });
}

describe('the ticker and postbacks', () => {
  it('ticks in ltp, quote and full modes, index packets, an order update and its postbacks', async () => {
    const postbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`;
    const app = await createApiApp(t, c, { redirect_url: receiver.url, postback_url: postbackUrl });
    const { kite, session } = await signedInKite(t, c, app, receiver);
    const infy = t.ctx.connect.market.tokenOf('INFY');
    const index = t.ctx.connect.market.tokenOf('NIFTY50');
    const engineLast = (symbol: string) => t.ctx.market.engine.state(symbol)!.last / 100;

    // `root` is read by the client though its typings leave it out.
    const params = {
      api_key: app.api_key,
      access_token: session.access_token,
      root: `${t.baseUrl.replace('http', 'ws')}/connect/ws`,
    };
    const ticker = new KiteTicker(params);
    const ticks: Tick[][] = [];
    const tickListeners = new Set<(ticks: Tick[]) => void>();
    ticker.on('ticks', (batch: Tick[]) => {
      ticks.push(batch);
      for (const l of tickListeners) l(batch);
    });
    const tickWhere = (where: (tick: Tick) => boolean) =>
      waitFor<Tick>(
        (l) => tickListeners.add(l as (t: Tick[]) => void),
        (batch) => (batch as Tick[]).find(where),
      );
    const updates: Array<Record<string, unknown>> = [];
    const updateListeners = new Set<(u: Record<string, unknown>) => void>();
    ticker.on('order_update', (update: Record<string, unknown>) => {
      updates.push(update);
      for (const l of updateListeners) l(update);
    });
    const connected = new Promise<void>((resolve) => ticker.on('connect', () => resolve()));
    ticker.connect();
    await connected;

    // Subscribed: quote mode first, as the wire defaults.
    const quoted = tickWhere((x) => x.instrument_token === infy && x.mode === 'quote');
    const indexQuoted = tickWhere((x) => x.instrument_token === index);
    ticker.subscribe([infy, index]);
    const quote = await quoted;
    expect(quote.last_price).toBe(engineLast('INFY'));
    expect(quote.ohlc!.close).toBe(t.ctx.market.engine.state('INFY')!.prevClose / 100);
    const indexTick = await indexQuoted;
    expect(indexTick).toMatchObject({ tradable: false, mode: 'quote' });
    expect(indexTick.last_price).toBe(engineLast('NIFTY50'));

    const full = tickWhere((x) => x.instrument_token === infy && x.mode === 'full');
    ticker.setMode('full', [infy]);
    const fullTick = await full;
    expect(fullTick.depth!.buy).toHaveLength(5);
    expect(fullTick.last_price).toBe(engineLast('INFY'));

    const ltp = tickWhere((x) => x.instrument_token === infy && x.mode === 'ltp');
    ticker.setMode('ltp', [infy]);
    expect((await ltp).last_price).toBe(engineLast('INFY'));

    // The market moves: a new tick carries the new price.
    const before = engineLast('INFY');
    let moved: Tick | undefined;
    let after = before;
    for (let i = 0; i < 50 && !moved; i++) {
      t.clock.advance(500);
      t.ctx.market.engine.step();
      after = engineLast('INFY');
      // Wait for the tick of this very price: one of an earlier step may still be in flight.
      const price = after;
      if (price !== before)
        moved = await tickWhere((x) => x.instrument_token === infy && x.last_price === price);
    }
    expect(moved!.last_price).toBe(after);

    // An order through the API: its updates on the ticker, and its postbacks.
    const complete = waitFor<Record<string, unknown>>(
      (l) => updateListeners.add(l as (u: Record<string, unknown>) => void),
      (u) =>
        (u as { status: string }).status === 'COMPLETE'
          ? (u as Record<string, unknown>)
          : undefined,
    );
    t.clock.advance(1000);
    const { order_id } = await kite.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: 20,
      product: 'CNC',
      order_type: 'MARKET',
      tag: 'tick-test',
    });
    let done = false;
    void complete.then(() => (done = true));
    await runMarket(t, 400, async () => done);
    expect(await complete).toMatchObject({ order_id, status: 'COMPLETE', tag: 'tick-test' });

    // Postbacks: placed (refused once, then retried) and complete, each with a valid checksum.
    const verifier = new KiteConnect({ api_key: app.api_key });
    await vi.waitFor(() => expect(postbacks.some((p) => p.status === 'COMPLETE')).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    for (const p of postbacks) {
      expect(p.order_id).toBe(order_id);
      expect(verifier.validatePostback(p as never, app.api_secret)).toBe(true);
    }
    expect(answered).toBeGreaterThan(postbacks.length);

    // An order the client places in the app (no app's order): its updates still reach the
    // client's ticker, and it has no postbacks.
    const appComplete = waitFor<Record<string, unknown>>(
      (l) => updateListeners.add(l as (u: Record<string, unknown>) => void),
      (u) =>
        (u as { status: string; order_id: string }).status === 'COMPLETE' &&
        (u as { order_id: string }).order_id !== order_id
          ? (u as Record<string, unknown>)
          : undefined,
    );
    const inApp = await placed(t, c, { type: 'market', side: 'buy', symbol: 'INFY', quantity: 20 });
    let appDone = false;
    void appComplete.then(() => (appDone = true));
    await runMarket(t, 400, async () => appDone);
    expect(await appComplete).toMatchObject({ order_id: inApp.id, status: 'COMPLETE' });
    expect(postbacks.every((p) => p.order_id === order_id)).toBe(true);
    // The client exits the process on a close it may not reconnect after, unless told not to.
    ticker.autoReconnect(false, 0, 0);
    ticker.disconnect();
  });
});
