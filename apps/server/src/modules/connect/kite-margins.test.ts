/**
 * Order margins through the official `kiteconnect` client: `orderMargins` answers what placing
 * the order would hold — a buy's total is, to the paisa, the cash placing it then takes on the
 * client's funds (charges and a market buy's buffer included); a sell of a holding holds no
 * cash; a symbol we do not list is the client's InputException. `orderBasketMargins` answers
 * those same orders' margins, `initial` their sum and `final` the same (no spread benefit on
 * cash delivery).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHARGES } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { balancesOf, type MoneyClient } from '../funds/test-fixtures.ts';
import { near, placed, untilSettled } from '../trading/test-fixtures.ts';
import { type Kite, kiteWorld, type KiteWorld, refusal } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Margin = {
  var: number;
  additional: number;
  total: number;
  leverage: number;
  charges: { total: number; dp_charge: number; stamp_duty: number; brokerage: number };
};

let world: KiteWorld;
let t: TestApp;
let c: MoneyClient;
let kite: Kite;
let call: KiteWorld['call'];

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;
/** A quantity worth about ₹25,000 at `p` paise (above the minimum order value). */
const worth = (p: number) => Math.ceil(2_500_000 / p);

type Order = {
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  quantity: number;
  order_type: 'MARKET' | 'LIMIT';
  price?: number;
  product?: 'CNC' | 'MIS';
};
const asKite = (o: Order) => ({
  exchange: 'NSE' as const,
  variety: 'regular' as const,
  product: 'CNC' as const,
  price: 0,
  trigger_price: 0,
  ...o,
});

async function marginOf(o: Order): Promise<Margin> {
  const [margin] = (await call(() => kite.orderMargins([asKite(o)]))) as unknown as Margin[];
  return margin!;
}

/** Places the order through the API and answers how much more cash is on hold after it. */
async function heldByPlacing(o: Order) {
  const before = await balancesOf(t, c.id);
  const { order_id } = await call(() => kite.placeOrder('regular', asKite(o)));
  const after = await balancesOf(t, c.id);
  return { orderId: order_id, held: Number(after.cash_on_hold - before.cash_on_hold) };
}

beforeAll(async () => {
  world = await kiteWorld();
  ({ t, c, kite, call } = world);
});
afterAll(async () => world?.close());

describe('order margins are what placing the order holds', () => {
  it('a limit buy: the total is exactly the cash placing it then holds', async () => {
    const price = near(t, 'INFY', 95);
    const order: Order = {
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: worth(price),
      order_type: 'LIMIT',
      price: rupees(price),
    };
    const margin = await marginOf(order);
    expect(margin).toMatchObject({
      type: 'equity',
      tradingsymbol: 'INFY',
      exchange: 'NSE',
      span: 0,
      exposure: 0,
      leverage: 1,
      additional: 0,
      var: rupees(price * order.quantity),
    });
    expect(margin.charges.stamp_duty).toBeGreaterThan(0);
    expect(paise(margin.total)).toBe(paise(margin.var) + paise(margin.charges.total));
    const { held } = await heldByPlacing(order);
    expect(paise(margin.total)).toBe(held);
  });

  it('a market buy: the total carries the buffer and the charges on it, as its hold does', async () => {
    const last = t.ctx.market.engine.state('TCS')!.last;
    const order: Order = {
      tradingsymbol: 'TCS',
      transaction_type: 'BUY',
      quantity: worth(last),
      order_type: 'MARKET',
    };
    const margin = await marginOf(order);
    expect(margin.var).toBe(rupees(last * order.quantity));
    expect(margin.additional).toBeGreaterThan(0);
    expect(paise(margin.total)).toBe(
      paise(margin.var) + paise(margin.additional) + paise(margin.charges.total),
    );
    const { held } = await heldByPlacing(order);
    expect(paise(margin.total)).toBe(held);
  });

  it('a sell of a holding holds no cash; its charges, DP charge included, come from the proceeds', async () => {
    const last = t.ctx.market.engine.state('HDFCBANK')!.last;
    const bought = await placed(t, c, {
      type: 'market',
      symbol: 'HDFCBANK',
      side: 'buy',
      quantity: worth(last),
    });
    const filled = await untilSettled(t, c, bought.id);
    expect(filled.status).toBe('filled');
    const order: Order = {
      tradingsymbol: 'HDFCBANK',
      transaction_type: 'SELL',
      quantity: filled.filled_quantity,
      order_type: 'MARKET',
    };
    const margin = await marginOf(order);
    expect(margin).toMatchObject({ total: 0, var: 0, additional: 0 });
    expect(margin.charges.stamp_duty).toBe(0);
    expect(margin.charges.dp_charge).toBe(rupees(DEFAULT_CHARGES.dp_charge_paise));
    expect(margin.charges.total).toBeGreaterThan(margin.charges.dp_charge);
    const { held } = await heldByPlacing(order);
    expect(held).toBe(0);
  });

  it('a symbol we do not list, or a product we do not offer, is an InputException', async () => {
    const unknown = await refusal(() =>
      call(() =>
        kite.orderMargins([
          asKite({
            tradingsymbol: 'NOSUCH',
            transaction_type: 'BUY',
            quantity: 1,
            order_type: 'MARKET',
          }),
        ]),
      ),
    );
    expect(unknown.error_type).toBe('InputException');
    const mis = await refusal(() =>
      call(() =>
        kite.orderMargins([
          asKite({
            tradingsymbol: 'INFY',
            transaction_type: 'BUY',
            quantity: 1,
            order_type: 'MARKET',
            product: 'MIS',
          }),
        ]),
      ),
    );
    expect(mis).toMatchObject({
      error_type: 'InputException',
      message: expect.stringMatching(/not offered/),
    });
  });
});

type Basket = { initial: Margin; final: Margin; orders: Margin[]; charges: Margin['charges'] };

describe('basket margins are the sum of the orders, with no spread benefit', () => {
  it('a market buy, a limit buy and a sell of held shares: initial is the buys’ totals, final the same', async () => {
    const held = await placed(t, c, {
      type: 'market',
      symbol: 'ITC',
      side: 'buy',
      quantity: worth(t.ctx.market.engine.state('ITC')!.last),
    });
    const filled = await untilSettled(t, c, held.id);
    expect(filled.status).toBe('filled');
    const limit = near(t, 'INFY', 95);
    const orders: Order[] = [
      {
        tradingsymbol: 'TCS',
        transaction_type: 'BUY',
        quantity: worth(t.ctx.market.engine.state('TCS')!.last),
        order_type: 'MARKET',
      },
      {
        tradingsymbol: 'INFY',
        transaction_type: 'BUY',
        quantity: worth(limit),
        order_type: 'LIMIT',
        price: rupees(limit),
      },
      {
        tradingsymbol: 'ITC',
        transaction_type: 'SELL',
        quantity: filled.filled_quantity,
        order_type: 'MARKET',
      },
    ];
    const alone: Margin[] = [];
    for (const o of orders) alone.push(await marginOf(o));
    const [marketBuy, limitBuy, sell] = alone;
    expect(sell!.total).toBe(0);

    const basket = (await call(() =>
      kite.orderBasketMargins(orders.map(asKite), true),
    )) as unknown as Basket;
    expect(basket.orders).toEqual([marketBuy, limitBuy, sell]);
    expect(paise(basket.initial.total)).toBe(paise(marketBuy!.total) + paise(limitBuy!.total));
    expect(paise(basket.initial.var)).toBe(paise(marketBuy!.var) + paise(limitBuy!.var));
    expect(paise(basket.initial.additional)).toBe(paise(marketBuy!.additional));
    expect(paise(basket.initial.charges.total)).toBe(
      paise(marketBuy!.charges.total) + paise(limitBuy!.charges.total) + paise(sell!.charges.total),
    );
    expect(basket.initial).toMatchObject({ type: '', tradingsymbol: '', exchange: '', span: 0 });
    expect(basket.final).toEqual(basket.initial);
    expect(basket.charges).toEqual(basket.initial.charges);

    // Held shares need nothing whether positions are considered or not: the same answer.
    const without = await call(() => kite.orderBasketMargins(orders.map(asKite), false));
    expect(without).toEqual(basket);
  });

  it('a symbol we do not list, anywhere in the basket, is the InputException /margins/orders gives', async () => {
    const nosuch: Order = {
      tradingsymbol: 'NOSUCH',
      transaction_type: 'BUY',
      quantity: 1,
      order_type: 'MARKET',
    };
    const infy: Order = { ...nosuch, tradingsymbol: 'INFY' };
    const alone = await refusal(() => call(() => kite.orderMargins([asKite(nosuch)])));
    const unknown = await refusal(() =>
      call(() => kite.orderBasketMargins([asKite(infy), asKite(nosuch)])),
    );
    expect(unknown).toMatchObject({ error_type: 'InputException', message: alone.message });

    // `consider_positions` is Kite's boolean (Python's client sends `True`); anything else is
    // refused the same way.
    const basket = (query: string) =>
      call(() =>
        fetch(`${t.baseUrl}/connect/margins/basket?${query}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-kite-version': '3',
            authorization: `token ${world.app.api_key}:${(kite as unknown as { access_token: string }).access_token}`,
          },
          body: JSON.stringify([asKite(infy)]),
        }),
      );
    expect((await basket('consider_positions=True')).status).toBe(200);
    const maybe = await basket('consider_positions=maybe');
    expect(maybe.status).toBe(400);
    expect(await maybe.json()).toMatchObject({
      status: 'error',
      error_type: 'InputException',
      message: 'Invalid `consider_positions`.',
    });
  });
});
