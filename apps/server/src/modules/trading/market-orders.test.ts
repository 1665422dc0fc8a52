/**
 * Market and limit orders from stock detail over real HTTP: held cash, fills by the engine
 * against the feed, ledger postings and contract notes, sells against the average cost, the
 * client's cancel, and what an order needs (KYC, PIN, band, tick, minimum).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  computeCharges,
  DEFAULT_CHARGES,
  type TAssets,
  type TContractNote,
  type THolding,
  TM,
  type TOrder,
  type TOrdersPage,
  type TPortfolio,
} from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { balancesOf, keyed, moneyClient } from '../funds/test-fixtures.ts';
import {
  openMarketApp,
  orderOf,
  placed,
  placeOrder,
  runMarket,
  trader,
  untilSettled,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
const last = (symbol: string) => t.ctx.market.engine.state(symbol)!.last;

beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

describe('market orders from stock detail', () => {
  it('a market buy holds cash, fills at the next print, posts to the ledger and writes a contract note', async () => {
    const c = await trader(t, 200_000);
    const order = await placed(t, c, { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20 });
    expect(order).toMatchObject({
      status: 'awaiting',
      type: 'market',
      side: 'buy',
      filled_quantity: 0,
    });
    const before = await balancesOf(t, c.id);
    expect(before.cash_on_hold).toBe(BigInt(order.hold_paise));
    expect(before.cash_available + before.cash_on_hold).toBe(20_000_000n);

    const done = await untilSettled(t, c, order.id);
    expect(done.status).toBe('filled');
    expect(done.fills).toHaveLength(1);
    const fill = done.fills[0]!;
    const value = BigInt(fill.price_paise) * 20n;
    expect(fill.value_paise).toBe(Number(value));
    expect(fill.charges).toEqual(computeCharges(DEFAULT_CHARGES, 'buy', value));
    const after = await balancesOf(t, c.id);
    expect(after.cash_on_hold).toBe(0n);
    expect(after.cash_available).toBe(20_000_000n - value - BigInt(fill.charges.total_paise));

    const note = await t.api.get<TContractNote>(
      `/trade/app/v1/contract-notes/${fill.contract_note_no}`,
      c.token,
    );
    expect(note.body.data).toMatchObject({
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
      net_paise: fill.net_paise,
    });
    const pdf = await t.api.raw(`/trade/app/v1/contract-notes/${fill.contract_note_no}/pdf`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const holdings = (await t.api.get<THolding[]>('/trade/app/v1/holdings', c.token)).body.data;
    expect(holdings).toEqual([
      expect.objectContaining({
        symbol: 'INFY',
        quantity: 20,
        invested_paise: Number(value),
        listed: true,
      }),
    ]);
    const profile = await t.api.get<{ order_num: number }>('/auth/app/v1/client_info', c.token);
    expect(profile.body.data.order_num).toBe(1);
    const assets = (await t.api.get<TAssets>('/stat/app/v1/asset', c.token)).body.data;
    expect(assets.holdings_tracked).toBe(true);
    expect(assets.invested_value_paise).toBe(Number(value));
    expect(assets.total_paise).toBe(
      Number(after.cash_available) + holdings[0]!.current_value_paise,
    );

    // Another client sees none of it.
    const other = await trader(t, 0);
    expect((await t.api.get(`/trade/app/v1/orders/${order.id}`, other.token)).status).toBe(404);
    expect(
      (await t.api.get(`/trade/app/v1/contract-notes/${fill.contract_note_no}`, other.token))
        .status,
    ).toBe(404);
    expect(
      (await t.api.post(`/trade/app/v1/orders/${order.id}/cancel`, {}, other.token, keyed()))
        .status,
    ).toBe(404);
    expect(
      (await t.api.get<TOrdersPage>('/trade/app/v1/orders', other.token)).body.data.items,
    ).toEqual([]);
  });

  it('sells part of a holding, realises P&L against the average cost, and never more than is held', async () => {
    const c = await trader(t, 300_000);
    const buy = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 30 })).id,
    );
    expect(buy.status).toBe('filled');
    const tooMany = await placeOrder(t, c, {
      type: 'market',
      symbol: 'TCS',
      side: 'sell',
      quantity: 31,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(TM.insufficientHolding);

    const sell = await placed(t, c, { type: 'market', symbol: 'TCS', side: 'sell', quantity: 10 });
    const holdingWhileWaiting = (await t.api.get<THolding[]>('/trade/app/v1/holdings', c.token))
      .body.data[0]!;
    expect(holdingWhileWaiting).toMatchObject({ quantity: 30, reserved: 10 });
    const again = await placeOrder(t, c, {
      type: 'market',
      symbol: 'TCS',
      side: 'sell',
      quantity: 21,
    });
    expect(again.body.message).toBe(TM.insufficientHolding);

    const sold = await untilSettled(t, c, sell.id);
    expect(sold.status).toBe('filled');
    const fill = sold.fills[0]!;
    const avg = BigInt(buy.fills[0]!.price_paise);
    const portfolio = (await t.api.get<TPortfolio>('/stat/app/v1/portfolio', c.token)).body.data;
    expect(portfolio.holdings[0]).toMatchObject({
      symbol: 'TCS',
      quantity: 20,
      reserved: 0,
      average_cost_paise: Number(avg),
    });
    expect(portfolio.summary.realised_pnl_paise).toBe(
      Number(BigInt(fill.price_paise) * 10n - avg * 10n),
    );
    expect(portfolio.summary.trades).toBe(2);
    expect(portfolio.summary.charges_paid_paise).toBe(
      buy.fills[0]!.charges.total_paise + fill.charges.total_paise,
    );
    expect(portfolio.stocks[0]).toMatchObject({
      symbol: 'TCS',
      bought_quantity: 30,
      sold_quantity: 10,
      trades: 2,
    });
    expect(portfolio.months).toHaveLength(1);
    expect(portfolio.allocation[0]).toMatchObject({
      sector: 'Information Technology',
      weight_pct: 100,
    });
  });

  it('a limit buy under the market waits; the client cancels it and the hold returns', async () => {
    const c = await trader(t, 100_000);
    const limit = Math.floor((last('INFY') * 0.95) / 100) * 100;
    const order = await placed(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: 15,
      limit_price: (limit / 100).toFixed(2),
    });
    await runMarket(t, 20);
    expect((await orderOf(t, c, order.id)).status).toBe('awaiting');
    const awaiting = await t.api.get<TOrdersPage>('/trade/app/v1/orders?view=awaiting', c.token);
    expect(awaiting.body.data.items.map((o) => o.id)).toEqual([order.id]);

    const cancelled = await t.api.post<TOrder>(
      `/trade/app/v1/orders/${order.id}/cancel`,
      {},
      c.token,
      keyed(),
    );
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', hold_paise: 0 });
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 10_000_000n,
      cash_on_hold: 0n,
    });
    const twice = await t.api.post(`/trade/app/v1/orders/${order.id}/cancel`, {}, c.token, keyed());
    expect(twice.status).toBe(409);
    const history = await t.api.get<TOrdersPage>(
      '/trade/app/v1/orders?view=history&status=cancelled',
      c.token,
    );
    expect(history.body.data.items.map((o) => o.id)).toEqual([order.id]);
  });

  it('refuses limit prices off the tick grid or outside the band, and orders under ₹19,000', async () => {
    const c = await trader(t, 100_000);
    const offTick = await placeOrder(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
      limit_price: (last('INFY') / 100 + 0.01).toFixed(2),
    });
    expect(offTick.status).toBe(400);
    expect(offTick.body.message).toMatch(/multiple of the tick size/);
    const outside = await placeOrder(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
      limit_price: Math.round((last('INFY') * 1.5) / 100).toFixed(2),
    });
    expect(outside.body.message).toMatch(/within today's band/);
    const small = await placeOrder(t, c, {
      type: 'market',
      symbol: 'INFY',
      side: 'buy',
      quantity: 1,
    });
    expect(small.body.message).toBe(TM.belowMinimum);
    const unknown = await placeOrder(t, c, {
      type: 'market',
      symbol: 'NOPE',
      side: 'buy',
      quantity: 100,
    });
    expect(unknown.body.message).toBe(TM.symbolUnknown);
    const poor = await placeOrder(t, c, {
      type: 'market',
      symbol: 'INFY',
      side: 'buy',
      quantity: 5000,
    });
    expect(poor.body.message).toBe(TM.insufficientCash);
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 10_000_000n,
      cash_on_hold: 0n,
    });
  });

  it('needs an approved KYC and the PIN', async () => {
    const c = await moneyClient(t, { pin: null });
    const reply = await t.api.post(
      '/trade/app/v1/orders',
      { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20, pin: c.pin },
      c.token,
      keyed(),
    );
    expect(reply.body.message).toBe(TM.setPinToTrade);
    const wrong = await trader(t, 0);
    const bad = await t.api.post(
      '/trade/app/v1/orders',
      { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20, pin: 'f'.repeat(32) },
      wrong.token,
      keyed(),
    );
    expect(bad.status).toBe(400);
    const noKey = await t.api.post(
      '/trade/app/v1/orders',
      { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20, pin: wrong.pin },
      wrong.token,
    );
    expect(noKey.status).toBe(400);
  });
});
