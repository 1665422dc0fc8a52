/**
 * Buys placed in the app served by group commit (decision 070) on real PostgreSQL: those that
 * wait for a slot are placed in one statement, each with its hold, its audit row by its own
 * client and its answer kept under its key; in a burst over HTTP, the order that cannot be
 * served with the others (a client short of cash, a wrong PIN, a price off the tick, a repeated
 * key) gets the answer it would have had alone while the rest are placed.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiMessage, md5, TM } from '@sampada/shared';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  balancesOf,
  keyed,
  type MoneyClient,
  newKey,
  openDeposits,
} from '../funds/test-fixtures.ts';
import { placeOrder, runMarket, trader } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
/** The server's error log lines: a refusal the test does not expect says why in its failure. */
let errors = '';
beforeAll(async () => {
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  t = await buildTestApp({
    env: { MARKET_ALWAYS_OPEN: 'true', LOG_LEVEL: 'error' },
    logStream: log,
  });
  await openDeposits(t);
  await runMarket(t, 4);
});
afterAll(async () => t?.close());

const BUY = { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20 } as const;
const stats = () => t.ctx.trading.orders.placementStats();
const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);

/** Funded clients whose sessions have their trading window open (a first order each). */
async function traders(n: number, rupees = 500_000) {
  const clients: MoneyClient[] = [];
  for (let i = 0; i < n; i++) clients.push(await trader(t, rupees));
  for (const c of clients) expect((await placeOrder(t, c, BUY)).body).toMatchObject({ code: 200 });
  return clients;
}

const onHold = async (clientId: string) => (await balancesOf(t, clientId)).cash_on_hold;

describe('buys served together', () => {
  it('places those that waited for a slot in one batch, each held, audited by its client and replayable', async () => {
    const clients = await traders(10);
    const holdsBefore = await Promise.all(clients.map((c) => onHold(c.id)));
    const keys = clients.map(() => newKey());
    const before = stats();

    const replies = await Promise.all(
      clients.map((c, n) => placeOrder(t, c, { ...BUY, quantity: 20 + n }, keys[n])),
    );

    expect(
      replies.map((r) => r.status),
      errors,
    ).toEqual(Array(10).fill(200));
    const after = stats();
    expect(after.items - before.items).toBe(10);
    expect(after.batches - before.batches).toBeLessThan(10);
    expect(new Set(replies.map((r) => r.body.message)).size).toBe(1);
    for (const [n, reply] of replies.entries()) {
      const order = reply.body.data;
      expect(order).toMatchObject({
        type: 'market',
        side: 'buy',
        symbol: 'INFY',
        quantity: 20 + n,
      });
      const [row] = await sqlRows<{ hold_paise: string; client_id: string }>(
        t,
        `select hold_paise::text, client_id from orders where id = '${order.id}'`,
      );
      expect(row!.client_id).toBe(clients[n]!.id);
      expect((await onHold(clients[n]!.id)) - holdsBefore[n]!).toBe(BigInt(row!.hold_paise));
      // The answer, made before the row was written, is the order as it reads back.
      const read = await t.api.get(`/trade/app/v1/orders/${order.id}`, clients[n]!.token);
      expect(read.body.data).toEqual(order);
    }
    const ids = replies.map((r) => r.body.data.id);
    const audits = await sqlRows<{ subject_id: string; actor_id: string }>(
      t,
      `select subject_id, actor_id from audit_log
       where action = 'order.place' and subject_id = any('{${ids.join(',')}}')`,
    );
    expect(new Map(audits.map((a) => [a.subject_id, a.actor_id]))).toEqual(
      new Map(ids.map((id, n) => [id, clients[n]!.id])),
    );

    // The same key again: the batch's stored answer, replayed, and no second order.
    const replay = await placeOrder(t, clients[4]!, { ...BUY, quantity: 24 }, keys[4]);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(replies[4]!.body);
    const [count] = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from orders where client_id = '${clients[4]!.id}'`,
    );
    expect(count!.n).toBe(2);
    await ledgerOk();
  });

  it('gives the short client, the wrong PIN, the price off the tick and the repeated key their own answers in a burst', async () => {
    const plain = await traders(6);
    const [short] = await traders(1, 50_000);
    const [wrong, offTick, repeater] = await traders(3);
    const repeatedKey = newKey();
    const before = stats();

    const [plainReplies, shortReply, wrongReply, offTickReply, repeatedReplies] = await Promise.all(
      [
        Promise.all(plain.map((c) => placeOrder(t, c, BUY))),
        placeOrder(t, short!, { ...BUY, quantity: 1_000 }),
        t.api.post('/trade/app/v1/orders', { ...BUY, pin: md5('000000') }, wrong!.token, keyed()),
        placeOrder(t, offTick!, {
          type: 'limit',
          symbol: 'INFY',
          side: 'buy',
          quantity: 10,
          limit_price: '1000.03',
        }),
        Promise.all([
          placeOrder(t, repeater!, BUY, repeatedKey),
          placeOrder(t, repeater!, BUY, repeatedKey),
        ]),
      ],
    );

    expect(
      plainReplies.map((r) => r.status),
      errors,
    ).toEqual(Array(6).fill(200));
    expect(shortReply).toMatchObject({ status: 400, body: { message: TM.insufficientCash } });
    expect(wrongReply).toMatchObject({ status: 400, body: { message: ApiMessage.pinWrong(4) } });
    expect(offTickReply.status).toBe(400);
    expect(offTickReply.body.message).toMatch(/tick size/);
    expect(repeatedReplies.map((r) => r.status)).toEqual([200, 200]);
    expect(repeatedReplies[0]!.body).toEqual(repeatedReplies[1]!.body);
    expect(stats().items).toBeGreaterThan(before.items);

    // The wrong PIN counted once, though its refusal came before any batch.
    const [pin] = await sqlRows<{ pin_failures: number }>(
      t,
      `select pin_failures from clients where id = '${wrong!.id}'`,
    );
    expect(pin!.pin_failures).toBe(1);
    const orderCount = async (c: MoneyClient) =>
      (
        await sqlRows<{ n: number }>(
          t,
          `select count(*)::int as n from orders where client_id = '${c.id}'`,
        )
      )[0]!.n;
    expect(await orderCount(short!)).toBe(1); // its first order only
    expect(await orderCount(repeater!)).toBe(2);
    await ledgerOk();
  });

  it('answers a repeated key with its first answer even when the repeat would now be refused', async () => {
    const [c] = await traders(1);
    const key = newKey();
    const first = await placeOrder(t, c!, BUY, key);
    expect(first.status).toBe(200);
    // KYC no longer approved would refuse a new order; the repeat is still the first's answer.
    await sqlRows(t, `update clients set kyc_status = 'rejected' where id = '${c!.id}'`);
    const again = await placeOrder(t, c!, BUY, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const refused = await placeOrder(t, c!, BUY);
    expect(refused).toMatchObject({ status: 403, body: { message: TM.kycRequired } });
  });
});
