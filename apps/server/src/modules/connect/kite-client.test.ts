/**
 * The official `kiteconnect` client, pointed at a test server with `root`, drives the whole
 * wire: login followed over HTTP, session, profile, margins, orders filled by the engine,
 * modified and cancelled, a stop triggered, portfolio, quotes, instruments, candles, and
 * each refusal raised with the client's own error type.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { KiteConnect } from 'kiteconnect';
import type { TApiAppOrder } from '@sampada/shared';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import { balancesOf, type MoneyClient } from '../funds/test-fixtures.ts';
import { near, printAt, runMarket, trader } from '../trading/test-fixtures.ts';
import { sessionChecksum } from './wire.ts';
import {
  type Kite,
  kiteWorld,
  type KiteWorld,
  loginFor,
  type Receiver,
  refusal,
  signedInKite,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: KiteWorld;
let t: TestApp;
let receiver: Receiver;
let c: MoneyClient;
let kite: Kite;
let app: KiteWorld['app'];
let call: KiteWorld['call'];

const orderStatus = async (id: string) => {
  const history = await call(() => kite.getOrderHistory(id));
  return history.at(-1)!;
};

beforeAll(async () => {
  world = await kiteWorld();
  ({ t, receiver, c, app, kite, call } = world);
});
afterAll(async () => world?.close());

describe('the official client against Sampada', () => {
  it('signs in: the redirect carries a request token that works once, for a session', async () => {
    const login = await loginFor(t, c, app, receiver);
    expect(login).toMatchObject({ action: 'login', status: 'success' });
    const other = new KiteConnect({
      api_key: app.api_key,
      root: `${t.baseUrl}/connect`,
    });
    const session = await other.generateSession(login.requestToken, app.api_secret);
    expect(session).toMatchObject({ api_key: app.api_key, user_id: expect.any(String) });
    expect(session.access_token).toMatch(/^[a-z0-9]{32}$/);
    expect(session.login_time).toBeInstanceOf(Date);
    const again = await refusal(() => other.generateSession(login.requestToken, app.api_secret));
    expect(again.error_type).toBe('TokenException');
  });

  it('a wrong checksum or an expired request token is a TokenException', async () => {
    const late = await loginFor(t, c, app, receiver);
    const direct = await fetch(`${t.baseUrl}/connect/session/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-kite-version': '3' },
      body: new URLSearchParams({
        api_key: app.api_key,
        request_token: late.requestToken,
        checksum: sessionChecksum(app.api_key, late.requestToken, 'not-the-secret'),
      }).toString(),
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ status: 'error', error_type: 'TokenException' });
    t.clock.advance(5 * 60_000 + 1000);
    const other = new KiteConnect({
      api_key: app.api_key,
      root: `${t.baseUrl}/connect`,
    });
    const expired = await refusal(() => other.generateSession(late.requestToken, app.api_secret));
    expect(expired.error_type).toBe('TokenException');
  });

  it('reads the profile and the equity margins from the ledger', async () => {
    const profile = await call(() => kite.getProfile());
    expect(profile).toMatchObject({
      products: ['CNC'],
      exchanges: ['NSE'],
      user_type: 'individual',
    });
    const margins = await call(() => kite.getMargins());
    const balances = await balancesOf(t, c.id);
    expect(margins.equity!.net).toBe(Number(balances.cash_available) / 100);
    expect(margins.equity!.available.live_balance).toBe(Number(balances.cash_available) / 100);
  });

  it('a market buy through the API is filled by the engine, holds and posts like the app’s own', async () => {
    const before = await balancesOf(t, c.id);
    const placed = await call(() =>
      kite.placeOrder('regular', {
        exchange: 'NSE',
        tradingsymbol: 'INFY',
        transaction_type: 'BUY',
        quantity: 20,
        product: 'CNC',
        order_type: 'MARKET',
        tag: 'strat-1',
      }),
    );
    expect(placed.order_id).toMatch(/^[0-9a-f-]{36}$/);
    const held = await balancesOf(t, c.id);
    expect(held.cash_on_hold).toBeGreaterThan(before.cash_on_hold);
    await runMarket(t, 400, async () => (await orderStatus(placed.order_id)).status !== 'OPEN');
    const done = await orderStatus(placed.order_id);
    expect(done).toMatchObject({
      status: 'COMPLETE',
      filled_quantity: 20,
      product: 'CNC',
      tag: 'strat-1',
      guid: app.id,
      tradingsymbol: 'INFY',
    });
    expect(done.order_timestamp).toBeInstanceOf(Date);
    const trades = await call(() => kite.getOrderTrades(placed.order_id));
    expect(trades).toHaveLength(1);
    expect(trades[0]!.quantity).toBe(20);
    const holdings = await call(() => kite.getHoldings());
    expect(holdings.find((h) => h.tradingsymbol === 'INFY')).toMatchObject({
      quantity: 20,
      product: 'CNC',
      collateral_quantity: 0,
    });
    const positions = await call(() => kite.getPositions());
    expect(positions.day.find((p) => p.tradingsymbol === 'INFY')).toMatchObject({
      quantity: 20,
      buy_quantity: 20,
    });
    // The same order in the app's own list, and the audit trail names the app and the tag.
    const own = await t.api.get<{ id: string; status: string; origin: string | null }>(
      `/trade/app/v1/orders/${placed.order_id}`,
      c.token,
    );
    expect(own.body.data).toMatchObject({ status: 'filled', origin: 'api' });
    // The app names the app that placed it; another client learns nothing of the order.
    const placedBy = await t.api.get<TApiAppOrder[]>(
      `/client/app/v1/api-apps/orders?ids=${placed.order_id},${randomUUID()}`,
      c.token,
    );
    expect(placedBy.body.data).toEqual([
      { order_id: placed.order_id, app_id: app.id, app_name: app.name, tag: 'strat-1' },
    ]);
    const stranger = await trader(t, 0);
    const theirs = await t.api.get<TApiAppOrder[]>(
      `/client/app/v1/api-apps/orders?ids=${placed.order_id}`,
      stranger.token,
    );
    expect(theirs.body.data).toEqual([]);
    const bad = await t.api.get(`/client/app/v1/api-apps/orders?ids=not-an-id`, c.token);
    expect(bad.status).toBe(400);
    const audit = await sqlRows<{ after: { api_app_id: string; tag: string } }>(
      t,
      `select after from audit_log where action = 'order.place' and subject_id = '${placed.order_id}'`,
    );
    expect(audit[0]!.after).toMatchObject({ api_app_id: app.id, tag: 'strat-1', origin: 'api' });
  });

  it('a limit order is modified and cancelled; its hold follows and is released', async () => {
    const low = near(t, 'TCS', 95);
    const quantity = Math.ceil(2_000_000 / low);
    const placed = await call(() =>
      kite.placeOrder('regular', {
        exchange: 'NSE',
        tradingsymbol: 'TCS',
        transaction_type: 'BUY',
        quantity,
        product: 'CNC',
        order_type: 'LIMIT',
        price: low / 100,
      }),
    );
    expect((await orderStatus(placed.order_id)).status).toBe('OPEN');
    const held = (await balancesOf(t, c.id)).cash_on_hold;
    await call(() => kite.modifyOrder('regular', placed.order_id, { quantity: quantity + 2 }));
    expect((await orderStatus(placed.order_id)).quantity).toBe(quantity + 2);
    expect((await balancesOf(t, c.id)).cash_on_hold).toBeGreaterThan(held);
    await call(() => kite.cancelOrder('regular', placed.order_id));
    expect((await orderStatus(placed.order_id)).status).toBe('CANCELLED');
    expect((await balancesOf(t, c.id)).cash_on_hold).toBe(0n);
  });

  it('an SL order waits as TRIGGER PENDING and opens when a print crosses its trigger', async () => {
    const trigger = near(t, 'HDFCBANK', 102);
    const placed = await call(() =>
      kite.placeOrder('regular', {
        exchange: 'NSE',
        tradingsymbol: 'HDFCBANK',
        transaction_type: 'BUY',
        quantity: Math.ceil(2_000_000 / trigger),
        product: 'CNC',
        order_type: 'SL',
        trigger_price: trigger / 100,
        price: near(t, 'HDFCBANK', 103) / 100,
      }),
    );
    expect((await orderStatus(placed.order_id)).status).toBe('TRIGGER PENDING');
    await printAt(t, 'HDFCBANK', trigger);
    const after = await orderStatus(placed.order_id);
    expect(['OPEN', 'COMPLETE']).toContain(after.status);
    const history = await call(() => kite.getOrderHistory(placed.order_id));
    expect(history[0]!.status).toBe('TRIGGER PENDING');
  });

  it('quotes, OHLC and LTP carry our prices; instruments parse with the segment in the token', async () => {
    const last = t.ctx.market.engine.state('INFY')!.last / 100;
    const quote = await call(() => kite.getQuote(['NSE:INFY', 'NSE:NOSUCH']));
    expect(Object.keys(quote)).toEqual(['NSE:INFY']);
    expect(quote['NSE:INFY']!.last_price).toBe(last);
    expect(quote['NSE:INFY']!.depth.buy).toHaveLength(5);
    expect(quote['NSE:INFY']!.timestamp).toBeInstanceOf(Date);
    const ltp = await call(() => kite.getLTP(['NSE:INFY']));
    expect(ltp['NSE:INFY']!.last_price).toBe(last);
    const ohlc = await call(() => kite.getOHLC(['NSE:INFY']));
    expect(ohlc['NSE:INFY']!.ohlc.close).toBe(t.ctx.market.engine.state('INFY')!.prevClose / 100);

    const instruments = (await call(() => kite.getInstruments())) as unknown as Array<
      Record<string, string | number>
    >;
    const infy = instruments.find((i) => i.tradingsymbol === 'INFY')!;
    expect(infy).toMatchObject({
      exchange: 'NSE',
      segment: 'NSE',
      instrument_type: 'EQ',
      lot_size: 1,
    });
    expect(Number(infy.instrument_token) & 0xff).toBe(1);
    expect(Math.floor(Number(infy.instrument_token) / 256)).toBe(Number(infy.exchange_token));
    expect(quote['NSE:INFY']!.instrument_token).toBe(Number(infy.instrument_token));
    const index = instruments.find((i) => i.segment === 'INDICES')!;
    expect(Number(index.instrument_token) & 0xff).toBe(9);
    expect(await call(() => kite.getInstruments('BSE'))).toEqual([]);
  });

  it('historical candles come from our store in the interval asked', async () => {
    const instruments = (await call(() => kite.getInstruments('NSE'))) as unknown as Array<
      Record<string, string | number>
    >;
    const token = Number(instruments.find((i) => i.tradingsymbol === 'INFY')!.instrument_token);
    await t.ctx.market.engine.flush();
    const to = new Date(t.clock.now().getTime() + 60_000);
    const from = new Date(to.getTime() - 10 * 24 * 3_600_000);
    const ist = (d: Date) =>
      new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const candles = await call(() => kite.getHistoricalData(token, 'day', ist(from), ist(to)));
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.at(-1)).toMatchObject({
      open: expect.any(Number),
      close: expect.any(Number),
      volume: expect.any(Number),
    });
    const minutes = await call(() => kite.getHistoricalData(token, 'minute', ist(from), ist(to)));
    expect(minutes.length).toBeGreaterThan(0);
  });

  it('refusals raise the client’s own error types', async () => {
    const mis = await refusal(() =>
      call(() =>
        kite.placeOrder('regular', {
          exchange: 'NSE',
          tradingsymbol: 'INFY',
          transaction_type: 'BUY',
          quantity: 1,
          product: 'MIS',
          order_type: 'MARKET',
        }),
      ),
    );
    expect(mis).toMatchObject({
      error_type: 'InputException',
      message: 'Product MIS is not offered.',
    });
    const co = await refusal(() =>
      call(() =>
        kite.placeOrder('co', {
          exchange: 'NSE',
          tradingsymbol: 'INFY',
          transaction_type: 'BUY',
          quantity: 1,
          product: 'CNC',
          order_type: 'MARKET',
        }),
      ),
    );
    expect(co.error_type).toBe('InputException');
    const short = await refusal(() =>
      call(() =>
        kite.placeOrder('regular', {
          exchange: 'NSE',
          tradingsymbol: 'RELIANCE',
          transaction_type: 'BUY',
          quantity: 1_000_000,
          product: 'CNC',
          order_type: 'MARKET',
        }),
      ),
    );
    expect(short.error_type).toBe('MarginException');
    const bad = new KiteConnect({
      api_key: app.api_key,
      access_token: 'x'.repeat(32),
      root: `${t.baseUrl}/connect`,
    });
    expect((await refusal(() => call(() => bad.getProfile()))).error_type).toBe('TokenException');
  });

  it('charges for orders are our schedule on their value', async () => {
    const charges = await call(() =>
      kite.getvirtualContractNote([
        {
          order_id: '1',
          exchange: 'NSE',
          tradingsymbol: 'INFY',
          transaction_type: 'BUY',
          variety: 'regular',
          product: 'CNC',
          order_type: 'MARKET',
          quantity: 10,
          average_price: 1500,
        },
      ]),
    );
    expect(charges[0]!.charges.total).toBeGreaterThan(0);
    // Order margins (what placing holds): kite-margins.test.ts.
  });

  it('logging out ends the access token', async () => {
    const { kite: other } = await signedInKite(t, c, app, receiver);
    await call(() => other.invalidateAccessToken());
    expect((await refusal(() => call(() => other.getProfile()))).error_type).toBe('TokenException');
  });
});
