/**
 * Order margins through the official `kiteconnect` client: `orderMargins` answers what placing
 * the order would hold — a buy's total is, to the paisa, the cash placing it then takes on the
 * client's funds (charges and a market buy's buffer included); a sell of a holding holds no
 * cash; a symbol we do not list is the client's InputException.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KiteConnect } from 'kiteconnect';
import { DEFAULT_CHARGES } from '@sampada/shared';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { balancesOf, openDeposits, type MoneyClient } from '../funds/test-fixtures.ts';
import { near, placed, runMarket, trader, untilSettled } from '../trading/test-fixtures.ts';
import { createApiApp, redirectReceiver, signedInKite } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Kite = InstanceType<typeof KiteConnect>;
type Margin = {
  var: number;
  additional: number;
  total: number;
  leverage: number;
  charges: { total: number; dp_charge: number; stamp_duty: number; brokerage: number };
};

let t: TestApp;
let receiver: Awaited<ReturnType<typeof redirectReceiver>>;
let c: MoneyClient;
let kite: Kite;

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;
/** A quantity worth about ₹25,000 at `p` paise (above the minimum order value). */
const worth = (p: number) => Math.ceil(2_500_000 / p);

/** Each call a second apart on the test clock: the per-app limits are not what is tested here. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  t.clock.advance(1000);
  return run();
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error as { error_type: string; message: string };
  }
  throw new Error('expected a refusal');
}

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
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  await runMarket(t, 4);
  receiver = await redirectReceiver();
  c = await trader(t, 500_000);
  const app = await createApiApp(t, c, { redirect_url: receiver.url });
  ({ kite } = await signedInKite(t, c, app, receiver));
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

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
