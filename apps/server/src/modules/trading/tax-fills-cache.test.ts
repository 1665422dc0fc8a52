/**
 * The fills an instance keeps for the returns and the tax P&L (tax-fills-cache.ts), on real
 * PostgreSQL: asked again with nothing new, the kept list answers; a new fill is in the very
 * next answer, on this instance and on a second one sharing the database; each client's list
 * holds only their own fills.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import { type MoneyClient, openDeposits } from '../funds/test-fixtures.ts';
import { placed, runMarket, trader, untilSettled } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let other: TestApp;
let a: MoneyClient;
let b: MoneyClient;

/** Above the minimum order value (₹19,000) at either scrip's price. */
const QUANTITY = { INFY: 20, TCS: 10 } as const;

async function buy(client: MoneyClient, symbol: keyof typeof QUANTITY = 'INFY') {
  const quantity = QUANTITY[symbol];
  const order = await placed(t, client, { type: 'market', symbol, side: 'buy', quantity });
  await untilSettled(t, client, order.id);
  const [fill] = await sqlRows<{ id: string }>(
    t,
    `select id::text as id from fills where order_id = '${order.id}'`,
  );
  return fill!.id.padStart(16, '0');
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  other = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' }, sharing: t });
  await openDeposits(t);
  await runMarket(t, 4);
  a = await trader(t, 200_000);
  b = await trader(t, 200_000);
  await buy(a);
  await buy(b, 'TCS');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('a client’s fills, kept per instance', () => {
  it('asked again with no new fill, the kept list answers', async () => {
    const first = await t.ctx.trading.taxFillsOf(a.id);
    expect(first).toHaveLength(1);
    expect(await t.ctx.trading.taxFillsOf(a.id)).toBe(first);
  });

  it('a new fill is in the next answer, on this instance and on another one', async () => {
    const before = await t.ctx.trading.taxFillsOf(a.id);
    const onOther = await other.ctx.trading.taxFillsOf(a.id);
    expect(onOther).toHaveLength(before.length);
    const id = await buy(a, 'TCS');
    const after = await t.ctx.trading.taxFillsOf(a.id);
    expect(after.map((f) => f.id)).toEqual([...before.map((f) => f.id), id]);
    expect((await other.ctx.trading.taxFillsOf(a.id)).map((f) => f.id)).toContain(id);
  });

  it('each client’s list holds only their own fills, each with its IST day', async () => {
    const own = await t.ctx.trading.taxFillsOf(a.id);
    const theirs = await t.ctx.trading.taxFillsOf(b.id);
    const ownIds = new Set(own.map((f) => f.id));
    expect(theirs.map((f) => f.symbol)).toEqual(['TCS']);
    expect(theirs.some((f) => ownIds.has(f.id))).toBe(false);
    const [row] = await sqlRows<{ day: string }>(
      t,
      `select to_char(executed_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day
         from fills where client_id = '${b.id}'`,
    );
    expect(theirs[0]!.day).toBe(row!.day);
  });

  it('the kept list cannot be changed by a reader', async () => {
    const list = await t.ctx.trading.taxFillsOf(a.id);
    expect(Object.isFrozen(list)).toBe(true);
  });
});
