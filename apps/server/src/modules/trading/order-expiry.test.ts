/**
 * Orders across days: an order that outlives its session expires with its hold returned, and
 * an OTC take the desk never confirmed expires with its quote. Each test moves the clock, so
 * each has its own server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { balancesOf, signInAgain } from '../funds/test-fixtures.ts';
import { noticeOf } from '../notifications/test-fixtures.ts';
import { openMarketApp, placed, trader } from './test-fixtures.ts';

// Each test signs up several clients (argon2id) and steps the market: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
async function market() {
  t = await openMarketApp();
  return t;
}
afterEach(async () => t?.close());

describe('validity', () => {
  it('an order that outlives its session expires and its hold returns', async () => {
    await market();
    const c = await trader(t, 100_000);
    const limit = Math.floor((t.ctx.market.engine.state('INFY')!.last * 0.95) / 100) * 100;
    const order = await placed(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: 15,
      limit_price: (limit / 100).toFixed(2),
    });
    expect(order.valid_until).not.toBeNull();
    t.clock.set(new Date(Date.parse(order.valid_until!) + 1000));
    const swept = await t.ctx.trading.matcher.sweep();
    expect(swept.expired).toBe(1);
    const [row] = await sqlRows<{ status: string; reason: string }>(
      t,
      `select status, reason from orders where id = '${order.id}'`,
    );
    expect(row).toMatchObject({
      status: 'expired',
      reason: 'Validity ended before the order could fill.',
    });
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 10_000_000n,
      cash_on_hold: 0n,
    });
    expect(await noticeOf(t, await signInAgain(t, c), order.id)).toEqual([
      expect.objectContaining({
        kind: 'order.expire',
        detail: {
          type: 'order',
          symbol: 'INFY',
          side: 'buy',
          quantity: 15,
          filled_quantity: 0,
          average_price_paise: null,
          reason: 'Validity ended before the order could fill.',
        },
      }),
    ]);
  });

  it('an OTC take the desk never confirmed expires with its quote and goes back to it', async () => {
    await market();
    const ops = await signInStaff(t, 'operations');
    const { publishQuote } = await import('./test-fixtures.ts');
    const quote = await publishQuote(t, ops, {
      symbol: 'RELIANCE',
      side: 'buy',
      quantity: 50,
      validHours: 1,
    });
    const c = await trader(t, 200_000);
    const take = await placed(t, c, { type: 'otc', offering_id: quote.id, quantity: 20 });
    t.clock.advance(3_600_000 + 1000);
    expect((await t.ctx.trading.matcher.sweep()).expired).toBe(1);
    const [q] = await sqlRows<{ taken: string }>(
      t,
      `select taken from otc_quotes where id = '${quote.id}'`,
    );
    expect(Number(q!.taken)).toBe(0);
    const [o] = await sqlRows<{ status: string }>(
      t,
      `select status from orders where id = '${take.id}'`,
    );
    expect(o!.status).toBe('expired');
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_on_hold: 0n,
      cash_available: 20_000_000n,
    });
  });
});
