/**
 * The matcher's lanes at the open: many clients' market orders waiting for one print fill
 * several at a time, a client's own orders one after another, each exactly once, the ledger
 * clean. (Each client's first buy fills in its lane's batch, fill-buys-together.test.ts; the
 * second ones are the fills alone watched here.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { balancesOf, type MoneyClient } from '../funds/test-fixtures.ts';
import { FILL_LANES, fillLaneOf } from './match-orders.ts';
import { openMarketApp, orderOf, placed, runMarket, trader } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;

beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

/** A promise `signal()` resolves; it fails the test instead if that takes 20 s. */
function signalled(what: string) {
  let signal = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`${what} never happened`)), 20_000);
    signal = () => {
      clearTimeout(limit);
      resolve();
    };
  });
  return { promise, signal };
}

describe('fills at the open', () => {
  it("clients' market buys waiting for one print fill in lanes at once, a client's two orders never at once", async () => {
    // Clients in at least two lanes (eight random ids all in one lane is 1 in 2,187).
    const clients: MoneyClient[] = [];
    while (clients.length < 8 || new Set(clients.map((c) => fillLaneOf(c.id))).size < 2)
      clients.push(await trader(t, 100_000));
    const orders: { client: MoneyClient; order: TOrder }[] = [];
    for (const c of [...clients, ...clients])
      orders.push({
        client: c,
        order: await placed(t, c, { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20 }),
      });
    const twice = clients[0]!;

    const { execution } = t.ctx.trading;
    const fill = execution.fill.bind(execution);
    let running = 0;
    let most = 0;
    const byClient = new Map<string, number>();
    let clientOverlap = 0;
    let waited = false;
    const secondLane = signalled('a second fill while the first waited');
    const spy = vi.spyOn(execution, 'fill').mockImplementation(async (tx, order, terms) => {
      running++;
      most = Math.max(most, running);
      if (running >= 2) secondLane.signal();
      const own = (byClient.get(order.clientId) ?? 0) + 1;
      byClient.set(order.clientId, own);
      if (own > 1) clientOverlap++;
      try {
        // The first fill waits until another lane's has started: one lane alone never would.
        if (!waited) {
          waited = true;
          await secondLane.promise;
        }
        return await fill(tx, order, terms);
      } finally {
        running--;
        byClient.set(order.clientId, own - 1);
      }
    });
    // One symbol for every order: the print that lets one fill lets them all.
    const settled = async () =>
      (await Promise.all(orders.map(({ client, order }) => orderOf(t, client, order.id)))).every(
        (o) => o.status !== 'awaiting',
      );
    try {
      await runMarket(t, 40, settled);
    } finally {
      spy.mockRestore();
    }

    expect(most).toBeGreaterThanOrEqual(2);
    expect(most).toBeLessThanOrEqual(FILL_LANES);
    expect(clientOverlap).toBe(0);
    for (const { client, order } of orders) {
      const settled = await orderOf(t, client, order.id);
      expect(settled.status).toBe('filled');
      expect(settled.fills).toHaveLength(1);
    }
    const balances = await balancesOf(t, twice.id);
    expect(balances.cash_on_hold).toBe(0n);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
