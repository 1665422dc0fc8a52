/**
 * Buys filled together at the open (decision 082): clients' first buys fill in one statement,
 * each exactly as it would alone — the same charges, posting, holding, contract note line,
 * notice and trade count — and a batch one client cannot pay for is undone whole: the
 * others then fill alone and that client's order is rejected.
 */
import { orderCost, type TOrder } from '@sampada/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import { balancesOf, type MoneyClient } from '../funds/test-fixtures.ts';
import { openMarketApp, orderOf, placed, printAt, runMarket, trader } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;

beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

/** `count` funded clients. */
const tradersOf = async (count: number, rupees: number) => {
  const clients: MoneyClient[] = [];
  while (clients.length < count) clients.push(await trader(t, rupees));
  return clients;
};

/** The rows the statement of each batch filled, as the matcher's batches answered them. */
function batchesSeen() {
  const { execution } = t.ctx.trading;
  const real = execution.fillBuysTogether.bind(execution);
  const batches: string[][] = [];
  const spy = vi.spyOn(execution, 'fillBuysTogether').mockImplementation(async (...args) => {
    const rows = await real(...args);
    batches.push(rows.map((row) => row.id));
    return rows;
  });
  return { batches, restore: () => spy.mockRestore() };
}

const orderNum = async (clientId: string) =>
  (
    await sqlRows<{ n: number }>(t, `select order_num as n from clients where id = '${clientId}'`)
  )[0]!.n;

describe('buys filled together', () => {
  it("clients' first buys fill in one batch, each as alone; a client's second buy after, alone", async () => {
    const clients = await tradersOf(3, 200_000);
    const firsts: TOrder[] = [];
    for (const c of clients)
      firsts.push(
        await placed(t, c, { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20 }),
      );
    const [c0] = clients as [MoneyClient];
    const second = await placed(t, c0, {
      type: 'market',
      symbol: 'INFY',
      side: 'buy',
      quantity: 15,
    });
    const tradesBefore = await Promise.all(clients.map((c) => orderNum(c.id)));

    const seen = batchesSeen();
    try {
      await runMarket(t, 40, async () =>
        (
          await Promise.all([...firsts, second].map((o, n) => orderOf(t, clients[n] ?? c0, o.id)))
        ).every((o) => o.status !== 'awaiting'),
      );
    } finally {
      seen.restore();
    }

    const together = seen.batches.find((batch) => batch.length > 0) ?? [];
    expect(together.sort()).toEqual(firsts.map((o) => o.id).sort());
    expect(seen.batches.flat()).not.toContain(second.id);

    const schedule = await t.ctx.trading.charges.current();
    for (const [n, c] of clients.entries()) {
      const order = await orderOf(t, c, firsts[n]!.id);
      expect(order.status).toBe('filled');
      expect(order.fills).toHaveLength(1);
      const [fill] = order.fills as [TOrder['fills'][number]];
      const value = fill.price_paise * 20;
      expect(fill.value_paise).toBe(value);
      // The charges of a fill alone: the schedule's for a buy of that value, no VIP level yet.
      const alone = orderCost(
        schedule,
        { side: 'buy', valuePaise: BigInt(value), marketLike: false },
        { dp: false, discountBps: 0 },
      ).charges;
      expect(fill.charges).toEqual(alone);
      expect(fill.net_paise).toBe(value + alone.total_paise);
      expect(fill.contract_note_no).toMatch(new RegExp(`-0*${fill.posting_id}$`));
      expect(order.hold_paise).toBe(0);
      expect(await orderNum(c.id)).toBe(tradesBefore[n]! + (c === c0 ? 2 : 1));
      const [held] = await sqlRows<{ quantity: number; cost: string }>(
        t,
        `select quantity::int as quantity, cost_paise::text as cost from holdings where client_id = '${c.id}' and symbol = 'INFY'`,
      );
      const secondValue = c === c0 ? (await orderOf(t, c0, second.id)).fills[0]!.value_paise : 0;
      expect(held).toEqual({ quantity: c === c0 ? 35 : 20, cost: String(value + secondValue) });
      const balances = await balancesOf(t, c.id);
      expect(balances.cash_on_hold).toBe(0n);
    }
    // The client's second buy filled after the first, under a later posting.
    const after = await orderOf(t, c0, second.id);
    expect(after.status).toBe('filled');
    const first = await orderOf(t, c0, firsts[0]!.id);
    expect(Number(after.fills[0]!.posting_id)).toBeGreaterThan(Number(first.fills[0]!.posting_id));
    // Each client is told of the fill as the second buy's client, whose fill was alone.
    const notices = async (orderId: string) =>
      sqlRows<{ kind: string; detail: unknown }>(
        t,
        `select kind, detail from client_notifications where subject_id = '${orderId}'`,
      );
    const [toldAlone] = await notices(second.id);
    expect(toldAlone).toBeDefined();
    for (const order of firsts) {
      const told = await notices(order.id);
      expect(told.map((n) => n.kind)).toEqual([toldAlone!.kind]);
    }
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });

  it('buys whose print comes while a pass fills a batch wait for the next pass and fill there together, not alone', async () => {
    const [a1, a2, b1, b2] = await tradersOf(4, 200_000);
    // Over the ₹19,000 minimum at either stock's price.
    const quantityOf = (symbol: string) =>
      Math.ceil(2_000_000 / t.ctx.market.engine.state(symbol)!.last);
    const buy = (c: MoneyClient, symbol: string) =>
      placed(t, c, { type: 'market', symbol, side: 'buy', quantity: quantityOf(symbol) });
    const infy = [await buy(a1!, 'INFY'), await buy(a2!, 'INFY')];
    const wipro = [await buy(b1!, 'WIPRO'), await buy(b2!, 'WIPRO')];
    // INFY prints before the pass; WIPRO's print comes while the pass fills INFY's batch.
    t.clock.advance(500);
    t.ctx.market.engine.state('INFY')!.updatedAt = t.clock.now();
    const { execution } = t.ctx.trading;
    const real = execution.fillBuysTogether.bind(execution);
    const batches: string[][] = [];
    const spy = vi.spyOn(execution, 'fillBuysTogether').mockImplementation(async (...args) => {
      t.clock.advance(10);
      t.ctx.market.engine.state('WIPRO')!.updatedAt = t.clock.now();
      const rows = await real(...args);
      batches.push(rows.map((row) => row.id));
      return rows;
    });
    try {
      await t.ctx.trading.matcher.match(['INFY', 'WIPRO']);
      const statuses = async (placedOrders: TOrder[], owners: MoneyClient[]) =>
        Promise.all(placedOrders.map(async (o, n) => (await orderOf(t, owners[n]!, o.id)).status));
      expect(await statuses(infy, [a1!, a2!])).toEqual(['filled', 'filled']);
      expect(await statuses(wipro, [b1!, b2!])).toEqual(['awaiting', 'awaiting']);
      // The next pass, which WIPRO's print asked for, fills them in one batch.
      await t.ctx.trading.matcher.match(['WIPRO']);
      expect(await statuses(wipro, [b1!, b2!])).toEqual(['filled', 'filled']);
    } finally {
      spy.mockRestore();
    }
    expect(batches.map((batch) => batch.sort())).toEqual([
      infy.map((o) => o.id).sort(),
      wipro.map((o) => o.id).sort(),
    ]);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });

  it('a batch one client cannot pay for after the price jumps is undone; the others fill alone, that one is rejected', async () => {
    const clients = await tradersOf(3, 100_000);
    const [short, ...funded] = clients as [MoneyClient, ...MoneyClient[]];
    // The short client's buy takes nearly all their cash on hold; a print at double the price
    // then needs more than the hold and the cash left.
    const last = t.ctx.market.engine.state('TCS')!.last;
    const quantity = Math.floor(100_000_00 / (last * 1.1));
    const shortOrder = await placed(t, short, {
      type: 'market',
      symbol: 'TCS',
      side: 'buy',
      quantity,
    });
    const others = [];
    for (const c of funded)
      others.push(await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 6 }));

    const seen = batchesSeen();
    try {
      await printAt(t, 'TCS', last * 2);
    } finally {
      seen.restore();
    }

    expect(seen.batches.flat()).toEqual([]); // the one batch was undone
    const rejected = await orderOf(t, short, shortOrder.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.fills).toEqual([]);
    expect((await balancesOf(t, short.id)).cash_on_hold).toBe(0n);
    for (const [n, c] of funded.entries()) {
      const order = await orderOf(t, c, others[n]!.id);
      expect(order.status).toBe('filled');
      expect(order.fills[0]!.price_paise).toBe(last * 2);
    }
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
