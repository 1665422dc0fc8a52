/**
 * Modifying an awaiting order over real HTTP: the hold or the reserved shares follow the new
 * quantity and price in the same transaction; a finished order cannot change; and a modify
 * racing the matcher's fill — exactly one of them wins, and the money is right either way.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buyCost,
  DEFAULT_CHARGES,
  formatPaise,
  paiseToRupeeText,
  TM,
  type TOrder,
  type THolding,
} from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { balancesOf, keyed, type MoneyClient } from '../funds/test-fixtures.ts';
import { tickOf } from '../market/service.ts';
import {
  openMarketApp,
  orderOf,
  placed,
  runMarket,
  trader,
  untilSettled,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
const stateOf = (symbol: string) => t.ctx.market.engine.state(symbol)!;
/** `pct` percent of the last price, on the tick. */
const near = (symbol: string, pct: number) => {
  const state = stateOf(symbol);
  const tick = tickOf(state);
  return Math.floor((state.last * pct) / 100 / tick) * tick;
};

const modify = (c: MoneyClient, id: string, body: object) =>
  t.api.post<TOrder>(
    `/trade/app/v1/orders/${id}/modify`,
    { ...body, pin: c.pin },
    c.token,
    keyed(),
  );

beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

describe('modifying an awaiting order', () => {
  it('a limit buy: more shares hold more cash, a lower price less, in one step each', async () => {
    const c = await trader(t, 300_000);
    const price = near('INFY', 97);
    const order = await placed(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: 15,
      limit_price: paiseToRupeeText(price),
    });
    const bigger = await modify(c, order.id, { quantity: 30 });
    expect(bigger.status).toBe(200);
    const held = buyCost(DEFAULT_CHARGES, BigInt(price) * 30n);
    expect(bigger.body.data).toMatchObject({ quantity: 30, hold_paise: Number(held) });
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_on_hold: held,
      cash_available: 30_000_000n - held,
    });

    const lower = near('INFY', 95); // inside the band (F&O stocks: ±10%)
    const cheaper = await modify(c, order.id, { limit_price: paiseToRupeeText(lower) });
    const heldNow = buyCost(DEFAULT_CHARGES, BigInt(lower) * 30n);
    expect(cheaper.body.data).toMatchObject({
      quantity: 30,
      price_paise: lower,
      hold_paise: Number(heldNow),
    });
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_on_hold: heldNow,
      cash_available: 30_000_000n - heldNow,
    });

    // More than the cash covers: refused, nothing moves.
    const tooMuch = await modify(c, order.id, { quantity: 2_000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(TM.insufficientCash);
    expect((await balancesOf(t, c.id)).cash_on_hold).toBe(heldNow);
    // Off the tick, or nothing to change: the reason, nothing moves.
    const offTick = await modify(c, order.id, { limit_price: paiseToRupeeText(lower + 1) });
    expect(offTick.status).toBe(400);
    expect(offTick.body.message).toBe(TM.priceOffTick(formatPaise(tickOf(stateOf('INFY')))));
    expect((await modify(c, order.id, {})).body.message).toBe(TM.nothingToModify);

    await t.api.post(`/trade/app/v1/orders/${order.id}/cancel`, {}, c.token, keyed());
    const late = await modify(c, order.id, { quantity: 10 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(TM.notAwaiting('cancelled'));
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_on_hold: 0n,
      cash_available: 30_000_000n,
    });
  });

  it('a limit sell: the reserved shares follow the quantity, never beyond the holding', async () => {
    const c = await trader(t, 300_000);
    const bought = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 30 })).id,
    );
    expect(bought.status).toBe('filled');
    const sell = await placed(t, c, {
      type: 'limit',
      symbol: 'TCS',
      side: 'sell',
      quantity: 10,
      limit_price: paiseToRupeeText(near('TCS', 105)),
    });
    const reserved = async () =>
      (await t.api.get<THolding[]>('/trade/app/v1/holdings', c.token)).body.data[0]!.reserved;
    expect(await reserved()).toBe(10);
    expect((await modify(c, sell.id, { quantity: 25 })).status).toBe(200);
    expect(await reserved()).toBe(25);
    const beyond = await modify(c, sell.id, { quantity: 31 });
    expect(beyond.body.message).toBe(TM.insufficientHolding);
    expect(await reserved()).toBe(25);
    expect((await modify(c, sell.id, { quantity: 30 })).status).toBe(200);
    expect((await modify(c, sell.id, { quantity: 12 })).status).toBe(200);
    expect(await reserved()).toBe(12);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });

  it('race: a modify against the fill of the same order — exactly one wins, the money is right', async () => {
    const clients: MoneyClient[] = [];
    for (let i = 0; i < 8; i++) clients.push(await trader(t, 200_000));
    // Limit buys above the market: the next print fills them unless the modify lands first.
    const orders = [];
    for (const c of clients)
      orders.push(
        await placed(t, c, {
          type: 'limit',
          symbol: 'INFY',
          side: 'buy',
          quantity: 20,
          limit_price: paiseToRupeeText(near('INFY', 101)),
        }),
      );
    const belowPaise = near('INFY', 96);
    const below = paiseToRupeeText(belowPaise);
    const [replies] = await Promise.all([
      Promise.all(orders.map((o, i) => modify(clients[i]!, o.id, { limit_price: below }))),
      runMarket(t, 3),
    ]);
    await runMarket(t, 3);
    let modified = 0;
    let filled = 0;
    for (const [i, o] of orders.entries()) {
      const c = clients[i]!;
      const now = await orderOf(t, c, o.id);
      const reply = replies[i]!;
      const b = await balancesOf(t, c.id);
      if (reply.status === 200) {
        modified++;
        // The modify won: the old order never filled, the new one waits under the market.
        expect(now).toMatchObject({ status: 'awaiting', fills: [], price_paise: belowPaise });
        expect(b.cash_on_hold).toBe(BigInt(now.hold_paise));
        expect(b.cash_available + b.cash_on_hold).toBe(20_000_000n);
      } else {
        filled++;
        // The fill won: the modify was refused, and the fill is at the old limit or under.
        expect(reply.status).toBe(409);
        expect(reply.body.message).toBe(TM.notAwaiting('filled'));
        expect(now.status).toBe('filled');
        expect(now.fills[0]!.price_paise).toBeLessThanOrEqual(o.price_paise!);
        expect(b.cash_on_hold).toBe(0n);
        expect(b.cash_available).toBe(20_000_000n - BigInt(now.fills[0]!.net_paise));
      }
    }
    expect(modified + filled).toBe(orders.length);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
