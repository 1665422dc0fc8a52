/**
 * GTT triggers through the official `kiteconnect` client: placeGTT, getGTTs, getGTT, modifyGTT
 * and deleteGTT on Kite's wire (integer trigger ids, condition and orders as Kite shapes them),
 * mapped onto the app's own GTTs: one set through the API shows in the app, a print across the
 * trigger fires it and the placed order is on the trigger's `result`; a two-leg trigger is the
 * app's OCO (stop first, target second); what our GTTs cannot be is an InputException.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TGtt } from '@sampada/shared';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import type { MoneyClient } from '../funds/test-fixtures.ts';
import { tickOf } from '../market/service.ts';
import {
  gttOf,
  gttSet,
  near,
  placed,
  printAt,
  trader,
  untilSettled,
} from '../trading/test-fixtures.ts';
import type { kiteGttOf } from './kite-gtts.ts';
import {
  createApiApp,
  type Kite,
  kiteWorld,
  type KiteWorld,
  type Receiver,
  refusal,
  signedInKite,
} from './test-fixtures.ts';

type WireGtt = ReturnType<typeof kiteGttOf>;

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: KiteWorld;
let t: TestApp;
let receiver: Receiver;
let c: MoneyClient;
let kite: Kite;
let app: KiteWorld['app'];
let call: KiteWorld['call'];

const rupees = (paise: number) => paise / 100;
/** A quantity worth about ₹25,000 at `paise` (above the minimum order value). */
const worth = (paise: number, extra = 0) => Math.ceil(2_500_000 / paise) + extra;
const tick = (symbol: string) => tickOf(t.ctx.market.engine.state(symbol)!);
const last = (symbol: string) => rupees(t.ctx.market.engine.state(symbol)!.last);

const single = (
  symbol: string,
  side: 'BUY' | 'SELL',
  qty: number,
  trigger: number,
  price: number,
) => ({
  trigger_type: 'single' as const,
  tradingsymbol: symbol,
  exchange: 'NSE' as const,
  trigger_values: [rupees(trigger)],
  last_price: last(symbol),
  orders: [
    {
      transaction_type: side,
      quantity: qty,
      product: 'CNC',
      order_type: 'LIMIT',
      price: rupees(price),
    },
  ],
});

beforeAll(async () => {
  world = await kiteWorld();
  ({ t, receiver, c, app, kite, call } = world);
});
afterAll(async () => world?.close());

describe('GTT triggers through the official client', () => {
  it('a single buy trigger: placed, listed and read on Kite’s wire, and the app’s own GTT', async () => {
    const trigger = near(t, 'INFY', 97);
    const placedGtt = await call(() =>
      kite.placeGTT(single('INFY', 'BUY', worth(trigger), trigger, trigger) as never),
    );
    expect(placedGtt).toEqual({ trigger_id: expect.any(Number) });
    const id = placedGtt.trigger_id as number;

    const one = await call(() => kite.getGTT(id));
    expect(one).toMatchObject({
      id,
      user_id: expect.any(String),
      parent_trigger: null,
      type: 'single',
      status: 'active',
      condition: {
        exchange: 'NSE',
        tradingsymbol: 'INFY',
        trigger_values: [rupees(trigger)],
        instrument_token: expect.any(Number),
      },
      orders: [
        {
          exchange: 'NSE',
          tradingsymbol: 'INFY',
          product: 'CNC',
          order_type: 'LIMIT',
          transaction_type: 'BUY',
          quantity: worth(trigger),
          price: rupees(trigger),
          result: null,
        },
      ],
      meta: {},
    });
    expect(one.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(one.expires_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await call(() => kite.getGTTs());
    expect(list.map((g: { id: number }) => g.id)).toContain(id);

    // The app sees the same GTT; its audit row names the app.
    const [own] = (await t.api.get<TGtt[]>('/trade/app/v1/gtts?view=active', c.token)).body.data;
    expect(own).toMatchObject({
      symbol: 'INFY',
      side: 'buy',
      quantity: worth(trigger),
      status: 'active',
    });
    const audit = await sqlRows<{ after: { api_app_id: string } }>(
      t,
      `select after from audit_log where action = 'gtt.create' and subject_id = '${own!.id}'`,
    );
    expect(audit[0]!.after.api_app_id).toBe(app.id);
  });

  it('modifyGTT moves the trigger; a print across it fires the order, shown on `result`', async () => {
    const trigger = near(t, 'INFY', 96);
    const { trigger_id: id } = await call(() =>
      kite.placeGTT(single('INFY', 'BUY', worth(trigger), trigger, trigger) as never),
    );
    const moved = trigger + 2 * tick('INFY');
    const modified = await call(() =>
      kite.modifyGTT(id, single('INFY', 'BUY', worth(trigger, 2), moved, moved) as never),
    );
    expect(modified).toEqual({ trigger_id: id });
    expect(await call(() => kite.getGTT(id))).toMatchObject({
      status: 'active',
      condition: { trigger_values: [rupees(moved)] },
      orders: [{ quantity: worth(trigger, 2), price: rupees(moved) }],
    });

    await printAt(t, 'INFY', moved);
    const fired = (await call(() => kite.getGTT(id))) as WireGtt;
    expect(fired).toMatchObject({ status: 'triggered', meta: null });
    const result = fired.orders[0]!.result!;
    expect(result).toMatchObject({
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      validity: 'DAY',
      product: 'CNC',
      order_type: 'LIMIT',
      transaction_type: 'BUY',
      quantity: worth(trigger, 2),
      price: rupees(moved),
      triggered_at: rupees(moved),
      order_result: { status: 'success', order_id: expect.any(String), rejection_reason: '' },
    });
    expect(JSON.parse(result.meta)).toEqual({ app_id: app.id, gtt: id });
    // The order the GTT placed is an order on the API like any other.
    const history = await call(() => kite.getOrderHistory(result.order_result.order_id));
    expect(history[history.length - 1]).toMatchObject({
      order_type: 'LIMIT',
      quantity: worth(trigger, 2),
    });

    // A fired trigger cannot be changed or deleted.
    const late = await refusal(() =>
      call(() =>
        kite.modifyGTT(id, single('INFY', 'BUY', worth(trigger, 2), moved, moved) as never),
      ),
    );
    expect(late.error_type).toBe('OrderException');
  });

  it('deleteGTT: the trigger reads as deleted; a GTT set in the app gets a number too', async () => {
    const trigger = near(t, 'INFY', 95);
    const { trigger_id: id } = await call(() =>
      kite.placeGTT(single('INFY', 'BUY', worth(trigger), trigger, trigger) as never),
    );
    expect(await call(() => kite.deleteGTT(id))).toEqual({ trigger_id: id });
    expect(await call(() => kite.getGTT(id))).toMatchObject({ status: 'deleted' });

    const tcsAt = near(t, 'TCS', 95);
    await gttSet(t, c, {
      kind: 'single',
      symbol: 'TCS',
      side: 'buy',
      quantity: worth(tcsAt),
      trigger: tcsAt,
      limit: tcsAt,
    });
    const listed = (await call(() => kite.getGTTs())) as Array<{
      id: number;
      condition: { tradingsymbol: string };
    }>;
    const tcs = listed.find((g) => g.condition.tradingsymbol === 'TCS');
    expect(tcs).toBeDefined();
    expect(await call(() => kite.getGTT(tcs!.id))).toMatchObject({
      type: 'single',
      status: 'active',
    });
  });

  it('a two-leg trigger is the app’s OCO on a holding: stop first, target second', async () => {
    const qty = worth(near(t, 'TCS', 85));
    const bought = await placed(t, c, {
      type: 'market',
      symbol: 'TCS',
      side: 'buy',
      quantity: qty,
    });
    expect((await untilSettled(t, c, bought.id)).status).toBe('filled');
    const stop = near(t, 'TCS', 90);
    const target = near(t, 'TCS', 110);
    const { trigger_id: id } = await call(() =>
      kite.placeGTT({
        trigger_type: 'two-leg',
        tradingsymbol: 'TCS',
        exchange: 'NSE',
        trigger_values: [rupees(stop), rupees(target)],
        last_price: last('TCS'),
        orders: [
          {
            transaction_type: 'SELL',
            quantity: qty,
            product: 'CNC',
            order_type: 'LIMIT',
            price: rupees(stop),
          },
          {
            transaction_type: 'SELL',
            quantity: qty,
            product: 'CNC',
            order_type: 'LIMIT',
            price: rupees(target),
          },
        ],
      } as never),
    );
    const gtt = await call(() => kite.getGTT(id));
    expect(gtt).toMatchObject({
      type: 'two-leg',
      condition: { trigger_values: [rupees(stop), rupees(target)] },
      orders: [{ price: rupees(stop) }, { price: rupees(target) }],
    });
    await printAt(t, 'TCS', stop);
    const fired = (await call(() => kite.getGTT(id))) as WireGtt;
    expect(fired.status).toBe('triggered');
    expect(fired.orders[0]!.result).toMatchObject({
      transaction_type: 'SELL',
      triggered_at: rupees(stop),
    });
    expect(fired.orders[1]!.result).toBeNull();
    const own = await gttOf(
      t,
      c,
      (await t.api.get<TGtt[]>('/trade/app/v1/gtts?view=history', c.token)).body.data.find(
        (g) => g.kind === 'oco',
      )!.id,
    );
    expect(own).toMatchObject({ stop: { status: 'fired' }, target: { status: 'cancelled' } });
  });

  it('what our GTTs cannot be, and unknown or other clients’ triggers, are InputExceptions', async () => {
    const trigger = near(t, 'INFY', 94);
    const mis = single('INFY', 'BUY', worth(trigger), trigger, trigger);
    mis.orders[0]!.product = 'MIS';
    expect(await refusal(() => call(() => kite.placeGTT(mis as never)))).toMatchObject({
      error_type: 'InputException',
      message: 'Product MIS is not offered.',
    });
    const market = single('INFY', 'BUY', worth(trigger), trigger, trigger);
    market.orders[0]!.order_type = 'MARKET';
    expect((await refusal(() => call(() => kite.placeGTT(market as never)))).error_type).toBe(
      'InputException',
    );
    const badJson = await fetch(`${t.baseUrl}/connect/gtt/triggers`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-kite-version': '3',
        authorization: `token ${app.api_key}:${(kite as unknown as { access_token: string }).access_token}`,
      },
      body: new URLSearchParams({ type: 'single', condition: '{', orders: '[]' }).toString(),
    });
    t.clock.advance(1000);
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ status: 'error', error_type: 'InputException' });
    expect((await refusal(() => call(() => kite.getGTT(999_999_999)))).error_type).toBe(
      'InputException',
    );

    // Another client's trigger is not found.
    const other = await trader(t, 100_000);
    const otherApp = await createApiApp(t, other, { redirect_url: receiver.url });
    const { kite: otherKite } = await signedInKite(t, other, otherApp, receiver);
    const { trigger_id: mine } = await call(() =>
      kite.placeGTT(single('INFY', 'BUY', worth(trigger), trigger, trigger) as never),
    );
    expect((await refusal(() => call(() => otherKite.getGTT(mine)))).error_type).toBe(
      'InputException',
    );
    expect((await refusal(() => call(() => otherKite.deleteGTT(mine)))).error_type).toBe(
      'InputException',
    );
  });
});
