/**
 * GTT orders over real HTTP: no cash is held while one waits; a print across the trigger
 * fires it and places a limit order (rejected, with the reason, when the cash is short); an
 * OCO on a holding sells at the target and cancels the stop; edit, delete, validation, a
 * year's validity, and another client's GTTs are not found.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPaise, GM, paiseToRupeeText, TM, type TGtt, type TTaxPnl } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { balancesOf, keyed } from '../funds/test-fixtures.ts';
import { tickOf } from '../market/service.ts';
import {
  createGtt,
  deleteGtt,
  gttOf,
  gttSet,
  near,
  openMarketApp,
  printAt,
} from './test-fixtures.ts';
import { orderOf, placed, trader, untilSettled } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
const lastOf = (symbol: string) => t.ctx.market.engine.state(symbol)!.last;
const tick = (symbol: string) => tickOf(t.ctx.market.engine.state(symbol)!);

beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

describe('GTT single', () => {
  it('a buy GTT holds nothing; a print across its trigger places the limit order, which fills at the next print', async () => {
    const c = await trader(t, 300_000);
    const trigger = near(t, 'INFY', 98);
    const gtt = await gttSet(t, c, {
      kind: 'single',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
      trigger,
      limit: trigger,
    });
    expect(gtt).toMatchObject({ status: 'active', target: { status: 'waiting' }, stop: null });
    expect(await balancesOf(t, c.id)).toMatchObject({ cash_on_hold: 0n });
    // A print above the trigger: nothing.
    await printAt(t, 'INFY', trigger + tick('INFY'));
    expect((await gttOf(t, c, gtt.id)).status).toBe('active');
    // A print at the trigger fires it: a limit buy at the limit, its cash on hold now.
    await printAt(t, 'INFY', trigger);
    const fired = await gttOf(t, c, gtt.id);
    expect(fired).toMatchObject({
      status: 'triggered',
      target: { status: 'fired' },
      order_status: 'awaiting',
      reason: null,
    });
    const order = await orderOf(t, c, fired.order_id!);
    expect(order).toMatchObject({ type: 'limit', side: 'buy', quantity: 20, price_paise: trigger });
    expect((await balancesOf(t, c.id)).cash_on_hold).toBe(BigInt(order.hold_paise));
    await printAt(t, 'INFY', trigger - tick('INFY'));
    expect(await orderOf(t, c, order.id)).toMatchObject({ status: 'filled' });
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });

  it('fired without the cash for it: the limit order is rejected and the reason shown', async () => {
    const c = await trader(t, 50_000);
    const trigger = near(t, 'INFY', 102);
    const gtt = await gttSet(t, c, {
      kind: 'single',
      symbol: 'INFY',
      side: 'buy',
      quantity: Math.floor(4_000_000 / trigger),
      trigger,
      limit: trigger,
    });
    // Meanwhile the cash goes on hold for another order, well under the market.
    await placed(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: Math.floor(3_000_000 / near(t, 'INFY', 95)),
      limit_price: paiseToRupeeText(near(t, 'INFY', 95)),
    });
    await printAt(t, 'INFY', trigger);
    const fired = await gttOf(t, c, gtt.id);
    expect(fired).toMatchObject({
      status: 'triggered',
      order_status: 'rejected',
      reason: TM.insufficientCash,
    });
    expect(await orderOf(t, c, fired.order_id!)).toMatchObject({
      status: 'rejected',
      reason: TM.insufficientCash,
      hold_paise: 0,
    });
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});

describe('GTT sell whose shares went elsewhere', () => {
  it('fired while another order holds the shares: its order is rejected and the other order keeps them', async () => {
    const c = await trader(t, 300_000);
    // Worth ₹25,000 or so, over the minimum order value at every price the test sets.
    const qty = Math.ceil(2_500_000 / lastOf('WIPRO'));
    const bought = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'WIPRO', side: 'buy', quantity: qty })).id,
    );
    expect(bought.status).toBe('filled');
    const trigger = near(t, 'WIPRO', 102);
    const gtt = await gttSet(t, c, {
      kind: 'single',
      symbol: 'WIPRO',
      side: 'sell',
      quantity: qty,
      trigger,
      limit: trigger,
    });
    // Meanwhile a limit sell over the market (within the day's band) reserves every share.
    const other = await placed(t, c, {
      type: 'limit',
      symbol: 'WIPRO',
      side: 'sell',
      quantity: qty,
      limit_price: paiseToRupeeText(near(t, 'WIPRO', 108)),
    });
    const reserved = async () =>
      (
        await t.api.get<{ symbol: string; reserved: number }[]>('/trade/app/v1/holdings', c.token)
      ).body.data.find((h) => h.symbol === 'WIPRO')!.reserved;
    expect(await reserved()).toBe(qty);
    await printAt(t, 'WIPRO', trigger);
    const fired = await gttOf(t, c, gtt.id);
    expect(fired).toMatchObject({
      status: 'triggered',
      order_status: 'rejected',
      reason: TM.insufficientHolding,
    });
    // The refused order reserved nothing, so it gives nothing back: the other order's shares
    // stay reserved (they were released once, and could be sold twice).
    expect(await reserved()).toBe(qty);
    expect(await orderOf(t, c, other.id)).toMatchObject({ status: 'awaiting' });
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});

describe('GTT OCO on a holding', () => {
  it('the price reaches the target: the sell is placed and fills, the stop leg is cancelled, the tax P&L shows the same-day result as intraday', async () => {
    const c = await trader(t, 300_000);
    const bought = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 30 })).id,
    );
    expect(bought.status).toBe('filled');
    const target = near(t, 'TCS', 103);
    const stop = near(t, 'TCS', 97);
    const gtt = await gttSet(t, c, {
      kind: 'oco',
      symbol: 'TCS',
      side: 'sell',
      quantity: 30,
      trigger: target,
      limit: target,
      stopTrigger: stop,
      stopLimit: stop - 5 * tick('TCS'),
    });
    expect(gtt).toMatchObject({ target: { status: 'waiting' }, stop: { status: 'waiting' } });
    // Nothing is reserved while it waits: the shares are still free to sell.
    const holding = async () =>
      (await t.api.get<{ reserved: number; quantity: number }[]>('/trade/app/v1/holdings', c.token))
        .body.data[0];
    expect((await holding())!.reserved).toBe(0);

    await printAt(t, 'TCS', target + tick('TCS'));
    const fired = await gttOf(t, c, gtt.id);
    expect(fired).toMatchObject({
      status: 'triggered',
      target: { status: 'fired' },
      stop: { status: 'cancelled' },
      order_status: 'awaiting',
    });
    expect((await holding())!.reserved).toBe(30);
    // Falling through the stop afterwards changes nothing: that leg is cancelled.
    await printAt(t, 'TCS', target + 2 * tick('TCS'));
    expect(await orderOf(t, c, fired.order_id!)).toMatchObject({ status: 'filled' });
    await printAt(t, 'TCS', stop - tick('TCS'));
    const orders = await t.api.get<{ items: unknown[] }>('/trade/app/v1/orders', c.token);
    expect(orders.body.data.items).toHaveLength(2); // the buy and the target's sell
    const tax = (await t.api.get<TTaxPnl>('/trade/app/v1/tax-pnl', c.token)).body.data;
    // Bought and sold the same day: speculative income, not a short-term gain.
    expect(tax.realised).toHaveLength(0);
    expect(tax.intraday).toHaveLength(1);
    expect(tax.intraday![0]).toMatchObject({ symbol: 'TCS', quantity: 30 });
    expect(tax.intraday![0]!.result_paise).toBeGreaterThan(0);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });

  it('the price falls to the stop: the stop sells, the target is cancelled', async () => {
    const c = await trader(t, 300_000);
    await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 10 })).id,
    );
    const stop = near(t, 'TCS', 98);
    const gtt = await gttSet(t, c, {
      kind: 'oco',
      symbol: 'TCS',
      side: 'sell',
      quantity: 10,
      trigger: near(t, 'TCS', 104),
      limit: near(t, 'TCS', 104),
      stopTrigger: stop,
      stopLimit: stop,
    });
    await printAt(t, 'TCS', stop);
    expect(await gttOf(t, c, gtt.id)).toMatchObject({
      status: 'triggered',
      target: { status: 'cancelled' },
      stop: { status: 'fired' },
    });
  });
});

describe('setting, editing and deleting', () => {
  it('refuses what cannot work, each with its reason', async () => {
    const c = await trader(t, 300_000);
    const last = lastOf('INFY');
    const refused = async (body: Parameters<typeof createGtt>[2]) =>
      (await createGtt(t, c, body)).body.message;
    const base = { symbol: 'INFY', side: 'sell' as const, quantity: 5 };
    expect(
      await refused({
        ...base,
        kind: 'oco',
        trigger: near(t, 'INFY', 97),
        limit: near(t, 'INFY', 97),
        stopTrigger: near(t, 'INFY', 95),
        stopLimit: near(t, 'INFY', 95),
      }),
    ).toBe(GM.targetAboveLast(formatPaise(last)));
    expect(
      await refused({
        ...base,
        kind: 'oco',
        trigger: near(t, 'INFY', 103),
        limit: near(t, 'INFY', 103),
        stopTrigger: near(t, 'INFY', 101),
        stopLimit: near(t, 'INFY', 101),
      }),
    ).toBe(GM.stopBelowLast(formatPaise(last)));
    // No INFY held.
    expect(
      await refused({
        ...base,
        kind: 'oco',
        trigger: near(t, 'INFY', 103),
        limit: near(t, 'INFY', 103),
        stopTrigger: near(t, 'INFY', 97),
        stopLimit: near(t, 'INFY', 97),
      }),
    ).toBe(GM.beyondHolding('oco'));
    // A single GTT is no OCO: its refusal names it as the client set it.
    expect(
      await refused({
        ...base,
        kind: 'single',
        trigger: near(t, 'INFY', 103),
        limit: near(t, 'INFY', 103),
      }),
    ).toBe('A GTT cannot sell more shares than you hold.');
    expect(
      await refused({
        ...base,
        side: 'buy',
        kind: 'oco',
        trigger: near(t, 'INFY', 103),
        limit: near(t, 'INFY', 103),
        stopTrigger: near(t, 'INFY', 97),
        stopLimit: near(t, 'INFY', 97),
      }),
    ).toBe(GM.ocoSellOnly);
    expect(
      await refused({
        kind: 'single',
        symbol: 'INFY',
        side: 'buy',
        quantity: 20,
        trigger: near(t, 'INFY', 98) + 1,
        limit: near(t, 'INFY', 98),
      }),
    ).toBe(TM.triggerOffTick(formatPaise(tick('INFY'))));
    expect(
      await refused({
        kind: 'single',
        symbol: 'INFY',
        side: 'buy',
        quantity: 1,
        trigger: near(t, 'INFY', 98),
        limit: near(t, 'INFY', 98),
      }),
    ).toBe(TM.belowMinimum);
  });

  it('edit moves the trigger; delete cancels it; another client finds neither', async () => {
    const c = await trader(t, 300_000);
    const other = await trader(t, 0);
    const gtt = await gttSet(t, c, {
      kind: 'single',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
      trigger: near(t, 'INFY', 97),
      limit: near(t, 'INFY', 97),
    });
    const lower = near(t, 'INFY', 95);
    const edit = (who: typeof c, body: object) =>
      t.api.post<TGtt>(
        `/trade/app/v1/gtts/${gtt.id}/modify`,
        { ...body, pin: who.pin },
        who.token,
        keyed(),
      );
    const edited = await edit(c, {
      trigger_price: paiseToRupeeText(lower),
      limit_price: paiseToRupeeText(lower),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.target).toMatchObject({
      trigger_price_paise: lower,
      limit_price_paise: lower,
    });
    // The old trigger no longer fires it.
    await printAt(t, 'INFY', near(t, 'INFY', 97) - tick('INFY'));
    expect((await gttOf(t, c, gtt.id)).status).toBe('active');

    const theirs = await t.api.get(`/trade/app/v1/gtts/${gtt.id}`, other.token);
    expect([theirs.status, theirs.body.message]).toEqual([404, GM.notFound]);
    expect((await edit(other, { quantity: 30 })).status).toBe(404);
    expect((await deleteGtt(t, other, gtt.id)).status).toBe(404);
    expect((await t.api.get<TGtt[]>('/trade/app/v1/gtts', other.token)).body.data).toEqual([]);

    const deleted = await deleteGtt(t, c, gtt.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({
      status: 'cancelled',
      target: { status: 'cancelled' },
    });
    const again = await deleteGtt(t, c, gtt.id);
    expect([again.status, again.body.message]).toEqual([409, GM.notActive('cancelled')]);
    expect((await edit(c, { quantity: 30 })).status).toBe(409);
    const lists = await t.api.get<TGtt[]>('/trade/app/v1/gtts?view=active', c.token);
    expect(lists.body.data).toEqual([]);
  });

  it('a GTT not fired within a year expires', async () => {
    const c = await trader(t, 300_000);
    const gtt = await gttSet(t, c, {
      kind: 'single',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
      trigger: near(t, 'INFY', 92),
      limit: near(t, 'INFY', 92),
    });
    t.clock.advance(364 * 86_400_000);
    expect((await t.ctx.trading.matcher.sweep()).gttsExpired).toBe(0);
    t.clock.advance(2 * 86_400_000);
    expect((await t.ctx.trading.matcher.sweep()).gttsExpired).toBeGreaterThanOrEqual(1);
    const row = await t.ctx.trading.gtts.list(c.id, 'all');
    expect(row.find((g) => g.id === gtt.id)).toMatchObject({
      status: 'expired',
      target: { status: 'expired' },
    });
  });
});
