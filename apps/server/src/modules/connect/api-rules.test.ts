/**
 * The exchanges' retail-algo rules, enforced on the server and seen through the official
 * client: per-app limits (429), orders only from the app's addresses, the daily logout at
 * 06:00 IST, 25 modifications an order, and the firm's switch that turns the API off.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/helpers.ts';
import { type MoneyClient, system } from '../funds/test-fixtures.ts';
import { near, trader } from '../trading/test-fixtures.ts';
import {
  connectWorld,
  type ConnectWorld,
  createApiApp,
  type Kite,
  type Receiver,
  refusal,
  signedInKite,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: ConnectWorld;
let t: TestApp;
let receiver: Receiver;
let c: MoneyClient;

const limitBuy = (kite: Kite, symbol: string, pct: number, quantity?: number) => {
  const price = near(t, symbol, pct);
  return kite.placeOrder('regular', {
    exchange: 'NSE',
    tradingsymbol: symbol,
    transaction_type: 'BUY',
    quantity: quantity ?? Math.ceil(2_000_000 / price),
    product: 'CNC',
    order_type: 'LIMIT',
    price: price / 100,
  });
};

beforeAll(async () => {
  world = await connectWorld({ cash: 2_000_000 });
  ({ t, receiver, c } = world);
});
afterAll(async () => world?.close());

describe('retail-algo rules on the API', () => {
  it('quotes are one a second per app: a second in the same second is a 429', async () => {
    const app = await createApiApp(t, c, { redirect_url: receiver.url });
    const { kite, session } = await signedInKite(t, c, app, receiver);
    t.clock.advance(1000);
    await kite.getLTP(['NSE:INFY']);
    const second = await refusal(() => kite.getLTP(['NSE:INFY']));
    expect(second).toMatchObject({ error_type: 'NetworkException', message: 'Too many requests' });
    const raw = await fetch(`${t.baseUrl}/connect/quote/ltp?i=NSE:INFY`, {
      headers: {
        authorization: `token ${app.api_key}:${session.access_token}`,
        'x-kite-version': '3',
      },
    });
    expect(raw.status).toBe(429);
    t.clock.advance(1000);
    expect((await kite.getLTP(['NSE:INFY']))['NSE:INFY']).toBeDefined();
  });

  it('orders are ten a second per app; the eleventh is refused and nothing is held for it', async () => {
    const app = await createApiApp(t, c, { redirect_url: receiver.url });
    const { kite } = await signedInKite(t, c, app, receiver);
    t.clock.advance(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 11 }, () => limitBuy(kite, 'ITC', 95)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason.error_type).toBe('NetworkException');
    const open = (await kite.getOrders()).filter((o) => o.status === 'OPEN' && o.guid === app.id);
    expect(open).toHaveLength(10);
    t.clock.advance(1000);
    for (const o of open) {
      t.clock.advance(200);
      await kite.cancelOrder('regular', o.order_id);
    }
  });

  it('orders only from the allowed addresses; reads from anywhere', async () => {
    const app = await createApiApp(t, c, {
      redirect_url: receiver.url,
      allowed_ips: ['203.0.113.9'],
    });
    const { kite } = await signedInKite(t, c, app, receiver);
    t.clock.advance(1000);
    expect(await kite.getProfile()).toMatchObject({ products: ['CNC'] });
    const refused = await refusal(() => limitBuy(kite, 'INFY', 95));
    expect(refused).toMatchObject({
      error_type: 'PermissionException',
      message: 'Requests from this IP address are not allowed for this app.',
    });
  });

  it('an order takes 25 modifications through the API, not a 26th', async () => {
    const app = await createApiApp(t, c, { redirect_url: receiver.url });
    const { kite } = await signedInKite(t, c, app, receiver);
    t.clock.advance(1000);
    const price = near(t, 'WIPRO', 95);
    const quantity = Math.ceil(2_000_000 / price);
    const { order_id } = await limitBuy(kite, 'WIPRO', 95, quantity);
    for (let i = 1; i <= 25; i++) {
      t.clock.advance(200);
      await kite.modifyOrder('regular', order_id, { quantity: quantity + i });
    }
    t.clock.advance(200);
    const refused = await refusal(() =>
      kite.modifyOrder('regular', order_id, { quantity: quantity + 30 }),
    );
    expect(refused.error_type).toBe('OrderException');
    t.clock.advance(200);
    await kite.cancelOrder('regular', order_id);
  });

  it('access tokens end at 06:00 IST: the next morning the same token is a TokenException', async () => {
    const app = await createApiApp(t, c, { redirect_url: receiver.url });
    const { kite } = await signedInKite(t, c, app, receiver);
    t.clock.advance(1000);
    await kite.getProfile();
    const now = t.clock.now();
    const istNow = new Date(now.getTime() + 330 * 60_000);
    // The next 06:00 IST is at most 24 hours away.
    const minutesToSix =
      (6 * 60 - (istNow.getUTCHours() * 60 + istNow.getUTCMinutes()) + 1440) % 1440 || 1440;
    t.clock.advance((minutesToSix + 1) * 60_000);
    expect((await refusal(() => kite.getProfile())).error_type).toBe('TokenException');
  });

  it('the firm switches the API off: every app is refused until it is back on', async () => {
    // Another client: the first holds five apps, the most one may keep.
    const owner = await trader(t, 0);
    const app = await createApiApp(t, owner, { redirect_url: receiver.url });
    const { kite } = await signedInKite(t, owner, app, receiver);
    await t.ctx.settings.update('trading_api', { enabled: false }, system);
    t.clock.advance(1000);
    expect(await refusal(() => kite.getProfile())).toMatchObject({
      error_type: 'PermissionException',
      message: 'The trading API is switched off.',
    });
    const login = await fetch(`${t.baseUrl}/connect/login?api_key=${app.api_key}&v=3`);
    expect(await login.text()).toContain('The trading API is switched off.');
    await t.ctx.settings.update('trading_api', { enabled: true }, system);
    t.clock.advance(1000);
    expect(await kite.getProfile()).toMatchObject({ products: ['CNC'] });
  });
});
