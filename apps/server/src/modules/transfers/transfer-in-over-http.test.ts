/**
 * Shares transferred in, over HTTP on real PostgreSQL (issue 34, decision 060): a client uploads
 * their previous broker's tradebook; a malformed line answers 400 naming it and stores nothing;
 * a client sees only their own requests; only operations decide; confirming credits the lots
 * with their original dates and costs (twice changes nothing), so a later sale's tax P&L and the
 * returns' cash flows are right from the first day.
 *
 * Hand-worked: the file buys 20 INFY at ₹1,000 800 days ago, sells 8 of them at ₹1,500 300
 * days ago and buys 10 at ₹1,200.50 200 days ago. Left: 12 shares costing ₹12,000.00
 * (1,200,000 paise, long-term when sold today) and 10 costing ₹12,005.00 (1,200,500 paise,
 * short-term). The holding is 22 shares at 2,400,500 paise. A sale of 16 here takes the 12 old
 * shares (cost 1,200,000) and 4 of the newer (4/10 × 1,200,500 = 480,200), leaving 6 at
 * 720,300.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TConsoleTransferIn, TReturns, TTransferIn, TTransferInList } from '@sampada/shared';

type TConsoleTransferInList = { items: TConsoleTransferIn[] };
import { addDays, istDateOf } from '../../platform/ist.ts';
import { signInStaff, type SignedInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import type { MoneyClient } from '../funds/test-fixtures.ts';
import { matchLots } from '../trading/service.ts';
import { openMarketApp, placed, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const URL = '/client/app/v1/transfers-in';
const CONSOLE = '/console/api/v1/transfers-in';
let t: TestApp;
let c: MoneyClient;
let other: MoneyClient;
let ops: SignedInStaff;
let today: string;
const day = (n: number) => addDays(today, -n);

const upload = (client: MoneyClient, text: string, name = 'tradebook-INFY.csv') => {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  return t.api.upload<TTransferIn>(URL, form, client.token);
};

const tradebook = () =>
  [
    'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time',
    `INFY,INE009A01021,${day(800)},NSE,EQ,EQ,buy,false,20.000000,1000.000000,1,11,${day(800)}T10:00:00`,
    `INFY,INE009A01021,${day(300)},NSE,EQ,EQ,sell,false,8.000000,1500.000000,2,12,${day(300)}T10:00:00`,
    `INFY,INE009A01021,${day(200)},NSE,EQ,EQ,buy,false,10.000000,1200.500000,3,13,${day(200)}T10:00:00`,
  ].join('\n');

const holding = async (clientId: string) =>
  (
    await sqlRows<{ quantity: string; cost_paise: string }>(
      t,
      `select quantity, cost_paise from holdings where client_id = '${clientId}' and symbol = 'INFY'`,
    )
  )[0];

let transfer: TTransferIn;

beforeAll(async () => {
  t = await openMarketApp();
  c = await trader(t, 100_000);
  other = await trader(t, 0);
  ops = await signInStaff(t, 'operations');
  today = istDateOf(t.clock.now());
});
afterAll(async () => t?.close());

describe('a transfer-in request', () => {
  it('a malformed line answers 400 with its line number and reason, and stores nothing', async () => {
    const bad = `${tradebook()}\nINFY,INE009A01021,${day(100)},NSE,EQ,EQ,buy,false,-3,1300,4,14,`;
    const reply = await upload(c, bad);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('line 5: quantity "-3" is not a positive whole number');
    expect(reply.body.data).toEqual({
      problems: [{ line: 5, reason: 'quantity "-3" is not a positive whole number' }],
    });
    const [{ n }] = (await sqlRows<{ n: string }>(
      t,
      `select count(*)::text as n from share_transfers where client_id = '${c.id}'`,
    )) as [{ n: string }];
    expect(n).toBe('0');
  });

  it('a binary file is refused by its content', async () => {
    const reply = await upload(c, '\u0000\u0001PK');
    expect(reply.status).toBe(400);
  });

  it('a good file is stored pending with the lots it leaves', async () => {
    const reply = await upload(c, tradebook());
    expect(reply.status).toBe(200);
    transfer = reply.body.data;
    expect(transfer).toMatchObject({
      status: 'pending',
      trade_count: 3,
      file_name: 'tradebook-INFY.csv',
    });
    expect(transfer.lots).toEqual([
      expect.objectContaining({
        symbol: 'INFY',
        acquired_on: day(800),
        quantity: 12,
        cost_paise: 1_200_000,
      }),
      expect.objectContaining({
        symbol: 'INFY',
        acquired_on: day(200),
        quantity: 10,
        cost_paise: 1_200_500,
      }),
    ]);
    expect(await holding(c.id)).toBeUndefined();
  });

  it('a client sees only their own requests', async () => {
    const own = await t.api.get<TTransferInList>(URL, c.token);
    expect(own.body.data.items.map((i) => i.id)).toEqual([transfer.id]);
    const theirs = await t.api.get<TTransferInList>(URL, other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.items).toEqual([]);
  });

  it('a staff role other than operations is refused', async () => {
    const support = await signInStaff(t, 'support');
    const advisor = await signInStaff(t, 'advisor');
    for (const staff of [support, advisor]) {
      expect((await t.api.get(CONSOLE, staff.token)).status).toBe(403);
      expect((await t.api.post(`${CONSOLE}/${transfer.id}/confirm`, {}, staff.token)).status).toBe(
        403,
      );
    }
    expect(await holding(c.id)).toBeUndefined();
  });
});

describe('confirming a transfer', () => {
  it('operations list it pending, confirm it, and the lots arrive with their dates and costs', async () => {
    const pending = await t.api.get<TConsoleTransferInList>(`${CONSOLE}?status=pending`, ops.token);
    const listed = pending.body.data.items.find((i) => i.id === transfer.id);
    // Whose shares, as the officer matches them to the depository's credit.
    expect(listed?.client.uid).toMatch(/\S/);
    expect(listed?.client.mobile.slice(-10)).toBe(c.mobile.slice(-10));
    const reply = await t.api.post<TTransferIn>(`${CONSOLE}/${transfer.id}/confirm`, {}, ops.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data.status).toBe('confirmed');
    expect(await holding(c.id)).toEqual({ quantity: '22', cost_paise: '2400500' });
    const { open } = matchLots(
      await t.ctx.trading.taxFillsOf(c.id),
      await t.ctx.trading.lotAdjustmentsOf(c.id),
    );
    expect(open.map((l) => [istDateOf(l.boughtAt), l.quantity, l.costPaise])).toEqual([
      [day(800), 12, 1_200_000n],
      [day(200), 10, 1_200_500n],
    ]);
    const [notice] = await sqlRows<{ kind: string }>(
      t,
      `select kind from client_notifications where client_id = '${c.id}' and subject_id = '${transfer.id}'`,
    );
    expect(notice).toEqual({ kind: 'transfer_in.confirm' });
    const audit = await sqlRows<{ action: string }>(
      t,
      `select action from audit_log where subject_id = '${transfer.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['transfer_in.request', 'transfer_in.confirm']);
  });

  it('confirming twice changes nothing', async () => {
    const again = await t.api.post<TTransferIn>(`${CONSOLE}/${transfer.id}/confirm`, {}, ops.token);
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('confirmed');
    expect(await holding(c.id)).toEqual({ quantity: '22', cost_paise: '2400500' });
    const [{ n }] = (await sqlRows<{ n: string }>(
      t,
      `select count(*)::text as n from holding_adjustments where client_id = '${c.id}'`,
    )) as [{ n: string }];
    expect(n).toBe('2');
    const rejected = await t.api.post(
      `${CONSOLE}/${transfer.id}/reject`,
      { reason: 'late' },
      ops.token,
    );
    expect(rejected.status).toBe(409);
  });

  it('returns count the lots as money in at cost on their trade days', async () => {
    const reply = await t.api.get<TReturns>(`/stat/app/v1/returns?from=${day(800)}`, c.token);
    expect(reply.status).toBe(200);
    const at = (d: string) => reply.body.data.series.find((p) => p.day === d);
    expect(at(day(800))?.invested_paise).toBe(1_200_000);
    expect(at(day(200))?.invested_paise).toBe(2_400_500);
    expect(reply.body.data.holdings.map((h) => h.symbol)).toEqual(['INFY']);
  });

  it('a later sale here takes FIFO from the transferred lots: long-term from the old, short-term from the new', async () => {
    const order = await placed(t, c, {
      type: 'market',
      symbol: 'INFY',
      side: 'sell',
      quantity: 16,
    });
    expect((await untilSettled(t, c, order.id)).status).toBe('filled');
    const { realised, open } = matchLots(
      await t.ctx.trading.taxFillsOf(c.id),
      await t.ctx.trading.lotAdjustmentsOf(c.id),
    );
    const [sale] = await sqlRows<{ value_paise: string }>(
      t,
      `select value_paise from fills where order_id = '${order.id}'`,
    );
    const proceeds = BigInt(sale!.value_paise);
    expect(realised.map((r) => [istDateOf(r.boughtAt), r.quantity, r.costPaise, r.term])).toEqual([
      [day(800), 12, 1_200_000n, 'long'],
      [day(200), 4, 480_200n, 'short'],
    ]);
    // The proceeds split 12:4, the remainder on the last piece; gains = proceeds − cost − (charges − STT).
    expect(realised[0]!.proceedsPaise).toBe((proceeds * 12n) / 16n);
    expect(realised[0]!.proceedsPaise + realised[1]!.proceedsPaise).toBe(proceeds);
    for (const r of realised)
      expect(r.gainPaise).toBe(r.proceedsPaise - r.costPaise - (r.chargesPaise - r.sttPaise));
    expect(open.map((l) => [l.quantity, l.costPaise])).toEqual([[6, 720_300n]]);
    expect(await holding(c.id)).toMatchObject({ quantity: '6' });
  });
});

describe('rejecting a transfer', () => {
  it('needs a reason, then tells the client and credits nothing', async () => {
    const next = (await upload(other, tradebook())).body.data;
    const empty = await t.api.post(`${CONSOLE}/${next.id}/reject`, { reason: ' ' }, ops.token);
    expect(empty.status).toBe(400);
    const reply = await t.api.post<TTransferIn>(
      `${CONSOLE}/${next.id}/reject`,
      { reason: 'The depository shows no credit from the previous broker.' },
      ops.token,
    );
    expect(reply.body.data).toMatchObject({
      status: 'rejected',
      reject_reason: expect.any(String),
    });
    expect(await holding(other.id)).toBeUndefined();
    const [notice] = await sqlRows<{ kind: string }>(
      t,
      `select kind from client_notifications where subject_id = '${next.id}'`,
    );
    expect(notice).toEqual({ kind: 'transfer_in.reject' });
  });
});
