/**
 * Races over real HTTP (truly parallel on PostgreSQL, interleaved on PGlite): a quote or an
 * allocation is never handed out beyond its quantity, a holding is never sold short, a
 * cancel and a desk decision settle once, and the ledger checks out after each.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TDeskOrder, TM, type TOrder } from '@sampada/shared';
import {
  buildTestApp,
  ensureAdvisor,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { balancesOf, keyed, newKey, openDeposits } from '../funds/test-fixtures.ts';
import {
  desk,
  placed,
  placeOrder,
  publishAllocation,
  publishQuote,
  runMarket,
  trader,
} from './test-fixtures.ts';

// 30 clients sign up (argon2id each) before the race: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
let ops: SignedInStaff;
let ops2: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  await ensureAdvisor(t);
  ops = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
  await runMarket(t, 4);
});
afterAll(async () => t?.close());

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);

describe('races', () => {
  it('30 clients take the same OTC quote at once: the total taken never passes its quantity', async () => {
    const quote = await publishQuote(t, ops, { symbol: 'RELIANCE', side: 'buy', quantity: 100 });
    const clients = [];
    for (let i = 0; i < 30; i++) clients.push(await trader(t, 100_000));
    const replies = await Promise.all(
      clients.map((c) => placeOrder(t, c, { type: 'otc', offering_id: quote.id, quantity: 15 })),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(6); // 6 × 15 = 90; a 7th would need 105
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => r.body.message))).toEqual(
      new Set([TM.beyondOffering]),
    );
    const [row] = await sqlRows<{ taken: string }>(
      t,
      `select taken from otc_quotes where id = '${quote.id}'`,
    );
    expect(Number(row!.taken)).toBe(90);
    // The desk confirms every take at once, from two desks: each fills exactly once.
    const confirms = await Promise.all(
      won.flatMap((r) => [ops, ops2].map((o) => desk(t, o, r.body.data.id, 'confirm'))),
    );
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(6);
    const [fills] = await sqlRows<{ n: string; q: string }>(
      t,
      `select count(*) n, sum(f.quantity) q from fills f join orders o on o.id = f.order_id where o.offering_id = '${quote.id}'`,
    );
    expect(Number(fills!.n)).toBe(6);
    expect(Number(fills!.q)).toBe(90);
    for (const c of clients) {
      const b = await balancesOf(t, c.id);
      expect(b.cash_on_hold).toBe(0n);
    }
    await ledgerOk();
  });

  it('parallel sells of one holding never sell more than it holds', async () => {
    const offer = await publishAllocation(t, ops, { symbol: 'SBIN', price: '800', quantity: 1000 });
    const c = await trader(t, 300_000);
    const request = await placed(t, c, {
      type: 'institutional',
      offering_id: offer.id,
      quantity: 100,
    });
    await desk(t, ops, request.id, 'allocate', { quantity: 100 });
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        placeOrder(t, c, { type: 'market', symbol: 'SBIN', side: 'sell', quantity: 30 }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => r.body.message))).toEqual(
      new Set([TM.insufficientHolding]),
    );
    await runMarket(t, 200, async () => {
      const [row] = await sqlRows<{ n: string }>(
        t,
        `select count(*) n from orders where client_id = '${c.id}' and status = 'awaiting'`,
      );
      return Number(row!.n) === 0;
    });
    const [held] = await sqlRows<{ quantity: string; reserved: string }>(
      t,
      `select quantity, reserved from holdings where client_id = '${c.id}' and symbol = 'SBIN'`,
    );
    expect([Number(held!.quantity), Number(held!.reserved)]).toEqual([10, 0]);
    await ledgerOk();
  });

  it('two desks allocating from one allocation at once never allocate beyond it', async () => {
    const offer = await publishAllocation(t, ops, { symbol: 'ITC', price: '400', quantity: 100 });
    const orders: TOrder[] = [];
    for (let i = 0; i < 4; i++)
      orders.push(
        await placed(t, await trader(t, 100_000), {
          type: 'institutional',
          offering_id: offer.id,
          quantity: 60,
        }),
      );
    const replies = await Promise.all(
      orders.map((o, i) => desk(t, i % 2 ? ops : ops2, o.id, 'allocate', { quantity: 60 })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => r.body.message)).toEqual(
      Array(3).fill(TM.allocateTooMuch),
    );
    const [row] = await sqlRows<{ allocated: string }>(
      t,
      `select allocated from institutional_allocations where id = '${offer.id}'`,
    );
    expect(Number(row!.allocated)).toBe(60);
    await ledgerOk();
  });

  it('a client cancelling while the desk confirms: exactly one of them happens', async () => {
    const quote = await publishQuote(t, ops, { symbol: 'INFY', side: 'buy', quantity: 500 });
    for (let round = 0; round < 5; round++) {
      const c = await trader(t, 200_000);
      const take = await placed(t, c, { type: 'otc', offering_id: quote.id, quantity: 20 });
      const [cancel, confirm] = await Promise.all([
        t.api.post<TOrder>(`/trade/app/v1/orders/${take.id}/cancel`, {}, c.token, keyed()),
        desk(t, ops, take.id, 'confirm'),
      ]);
      expect([cancel.status, confirm.status].filter((s) => s === 200)).toHaveLength(1);
      const b = await balancesOf(t, c.id);
      expect(b.cash_on_hold).toBe(0n);
      if (cancel.status === 200) expect(b.cash_available).toBe(20_000_000n);
      else expect((confirm.body.data as TDeskOrder).status).toBe('filled');
    }
    await ledgerOk();
  });

  it('one Idempotency-Key sent 10 times at once places one order', async () => {
    const c = await trader(t, 100_000);
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 6 }, key),
      ),
    );
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    const [row] = await sqlRows<{ n: string }>(
      t,
      `select count(*) n from orders where client_id = '${c.id}'`,
    );
    expect(Number(row!.n)).toBe(1);
    await ledgerOk();
  });
});
