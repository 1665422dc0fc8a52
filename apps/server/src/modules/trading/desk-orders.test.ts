/**
 * The desk over real HTTP: institutional requests allocated in full, in part or not at all;
 * OTC takes confirmed or rejected inside the ±3% band; the queue, its audit rows, the charge
 * schedule, and who may publish and decide.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  computeCharges,
  DEFAULT_CHARGES,
  type TDeskOrder,
  TM,
  type TOffering,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { balancesOf, keyed, openDeposits } from '../funds/test-fixtures.ts';
import {
  CONSOLE,
  desk,
  placed,
  placeOrder,
  publishAllocation,
  publishQuote,
  runMarket,
  trader,
} from './test-fixtures.ts';
import { noticeOf } from '../notifications/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ops: SignedInStaff;
let admin: SignedInStaff;

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  ops = await signInStaff(t, 'operations');
  admin = await signInStaff(t, 'admin');
  await runMarket(t, 4);
});
afterAll(async () => t?.close());

describe('institutional allocations', () => {
  it('holds on request; a partial allocation fills part and releases the rest', async () => {
    const offer = await publishAllocation(t, ops, {
      symbol: 'HDFCBANK',
      price: '1600',
      quantity: 1000,
    });
    const deals = await t.api.get<TOffering[]>(
      '/trade/app/v1/deals?kind=institutional',
      (await trader(t, 0)).token,
    );
    expect(deals.body.data.map((d) => d.id)).toContain(offer.id);

    const c = await trader(t, 500_000);
    const order = await placed(t, c, {
      type: 'institutional',
      offering_id: offer.id,
      quantity: 100,
    });
    const hold =
      16_000_000n + BigInt(computeCharges(DEFAULT_CHARGES, 'buy', 16_000_000n).total_paise);
    expect(BigInt(order.hold_paise)).toBe(hold);

    const tooMuch = await desk(t, ops, order.id, 'allocate', { quantity: 101 });
    expect(tooMuch.body.message).toBe(TM.allocateTooMuch);
    const part = await desk(t, ops, order.id, 'allocate', { quantity: 60 });
    expect(part.body.data).toMatchObject({
      status: 'partially_filled',
      filled_quantity: 60,
      hold_paise: 0,
    });
    const value = 60n * 160_000n;
    const charges = BigInt(computeCharges(DEFAULT_CHARGES, 'buy', value).total_paise);
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 50_000_000n - value - charges,
      cash_on_hold: 0n,
    });
    const again = await desk(t, ops, order.id, 'allocate', { quantity: 10 });
    expect(again.status).toBe(409);

    const none = await placed(t, c, { type: 'institutional', offering_id: offer.id, quantity: 20 });
    const rejected = await desk(t, ops, none.id, 'allocate', { quantity: 0 });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Not allocated' });
    // Each told with its figures: 60 of 100 at the offer price, and 20 not allocated, with why.
    expect(await noticeOf(t, c, order.id)).toEqual([
      expect.objectContaining({
        kind: 'order.fill_partially',
        detail: expect.objectContaining({
          filled_quantity: 60,
          quantity: 100,
          average_price_paise: 160_000,
        }),
      }),
    ]);
    expect(await noticeOf(t, c, none.id)).toEqual([
      expect.objectContaining({
        kind: 'order.reject',
        detail: expect.objectContaining({ quantity: 20, reason: 'Not allocated' }),
      }),
    ]);
    const offers = await t.api.get<TOffering[]>(`${CONSOLE}/allocations`, ops.token);
    expect(offers.body.data.find((o) => o.id === offer.id)).toMatchObject({
      allocated: 60,
      remaining: 940,
    });
  });
});

describe('OTC desk quotes', () => {
  it('keeps quotes within ±3% of the reference price', async () => {
    const ref = await t.api.get<{ otc_lower_paise: number; otc_upper_paise: number }>(
      `${CONSOLE}/reference/RELIANCE`,
      ops.token,
    );
    const above = ((ref.body.data.otc_upper_paise + 100) / 100).toFixed(2);
    const reply = await t.api.post(
      `${CONSOLE}/otc-quotes`,
      {
        symbol: 'RELIANCE',
        side: 'buy',
        price: above,
        quantity: 100,
        valid_until: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
      },
      ops.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^The desk price must be within ±3% of the reference price/);
  });

  it('a take is confirmed into a fill, or rejected with the hold returned', async () => {
    const quote = await publishQuote(t, ops, { symbol: 'RELIANCE', side: 'buy', quantity: 100 });
    const list = await t.api.get<{ kind: string; id: string }[]>(
      '/market/app/v1/list?filter=otc',
      (await trader(t, 0)).token,
    );
    expect(JSON.stringify(list.body.data)).toContain(quote.id);
    const c = await trader(t, 500_000);
    const take = await placed(t, c, { type: 'otc', offering_id: quote.id, quantity: 40 });
    expect(take.status).toBe('awaiting');
    const confirmed = await desk(t, ops, take.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ status: 'filled', filled_quantity: 40 });
    expect(confirmed.body.data.fills[0]!.price_paise).toBe(quote.price_paise);

    const second = await placed(t, c, { type: 'otc', offering_id: quote.id, quantity: 30 });
    const rejected = await desk(t, ops, second.id, 'reject', { reason: 'Desk inventory moved' });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'Desk inventory moved',
    });
    const quotes = await t.api.get<{ id: string; taken: number }[]>(
      `${CONSOLE}/otc-quotes`,
      ops.token,
    );
    expect(quotes.body.data.find((q) => q.id === quote.id)).toMatchObject({ taken: 40 });
    const beyond = await placeOrder(t, c, { type: 'otc', offering_id: quote.id, quantity: 61 });
    expect(beyond.body.message).toBe(TM.beyondOffering);
    const noReason = await desk(t, ops, second.id, 'reject', {});
    expect(noReason.status).toBe(400);
  });
});

describe('the desk and who may use it', () => {
  it('support and advisors cannot publish or decide; advisors read only their own clients', async () => {
    const support = await signInStaff(t, 'support');
    const advisor = await signInStaff(t, 'advisor');
    for (const s of [support, advisor]) {
      expect((await t.api.post(`${CONSOLE}/allocations`, {}, s.token)).status).toBe(403);
      expect((await t.api.get(`${CONSOLE}/orders`, s.token)).status).toBe(403);
      expect(
        (await t.api.post(`${CONSOLE}/ipos/${crypto.randomUUID()}/allot`, {}, s.token, keyed()))
          .status,
      ).toBe(403);
    }
    const c = await trader(t, 0);
    expect(
      (await t.api.get(`${CONSOLE}/orders?client_id=${c.id}&status=all`, support.token)).status,
    ).toBe(200);
    expect(
      (await t.api.get(`${CONSOLE}/orders?client_id=${c.id}&status=all`, advisor.token)).status,
    ).toBe(403);
    expect((await t.api.put(`${CONSOLE}/charges`, DEFAULT_CHARGES, ops.token)).status).toBe(403);
  });

  it('the queue lists awaiting desk orders oldest first with their clients; decisions are audited', async () => {
    const offer = await publishAllocation(t, ops, { symbol: 'ITC', price: '400', quantity: 500 });
    const c = await trader(t, 100_000);
    const order = await placed(t, c, {
      type: 'institutional',
      offering_id: offer.id,
      quantity: 50,
    });
    const queue = await t.api.get<{ items: TDeskOrder[] }>(
      `${CONSOLE}/orders?type=institutional&offering_id=${offer.id}`,
      ops.token,
    );
    expect(queue.body.data.items.map((o) => o.id)).toEqual([order.id]);
    expect(queue.body.data.items[0]!.client.id).toBe(c.id);
    const dash = await t.api.get<{ queues: Record<string, number> }>(
      '/console/api/v1/dashboard',
      ops.token,
    );
    expect(dash.body.data.queues.orders_awaiting_desk).toBeGreaterThanOrEqual(1);
    await desk(t, ops, order.id, 'allocate', { quantity: 50 });
    const audit = await sqlRows<{ action: string }>(
      t,
      `select action from audit_log where subject_id = '${order.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['order.place', 'order.allocate']);
  });

  it('an admin changes the charge schedule and the next fills use it', async () => {
    const free = { ...DEFAULT_CHARGES, brokerage_pct: '0', brokerage_max_paise: 0 };
    const saved = await t.api.put(`${CONSOLE}/charges`, free, admin.token);
    expect(saved.status).toBe(200);
    expect(
      (await t.api.get(`/trade/app/v1/charges`, (await trader(t, 0)).token)).body.data,
    ).toEqual(free);
    const bad = await t.api.put(
      `${CONSOLE}/charges`,
      { ...free, stt_pct: '0.1234567' },
      admin.token,
    );
    expect(bad.body.message).toBe(TM.chargesInvalid);
    const offer = await publishAllocation(t, ops, { symbol: 'ITC', price: '400', quantity: 500 });
    const c = await trader(t, 100_000);
    const order = await placed(t, c, {
      type: 'institutional',
      offering_id: offer.id,
      quantity: 50,
    });
    const filled = await desk(t, ops, order.id, 'allocate', { quantity: 50 });
    expect(filled.body.data.charges.brokerage_paise).toBe(0);
    await t.api.put(`${CONSOLE}/charges`, DEFAULT_CHARGES, admin.token);
  });
});
