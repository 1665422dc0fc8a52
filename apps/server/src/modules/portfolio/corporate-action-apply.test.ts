/**
 * A split and then a bonus through one client's INFY on real PostgreSQL (issue 34): three
 * lots bought on three days, 6 shares pledged, an awaiting limit sell (8% above the price) and a GTT. The split
 * (5:1) multiplies every lot by five with its cost and date kept, the pledge follows, the
 * order and the GTT are cancelled with the reason; a sell after it takes FIFO from the
 * re-counted lots; the bonus (1:1) adds a nil-cost lot acquired on the allotment date.
 * Applying either day again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5, paiseToRupeeText, type TAuthData } from '@sampada/shared';
import { cliActor } from '../../platform/audit.ts';
import { addDays, istDateOf } from '../../platform/ist.ts';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import type { MoneyClient } from '../funds/test-fixtures.ts';
import { matchLots } from '../trading/service.ts';
import {
  gttSet,
  near,
  openMarketApp,
  placed,
  trader,
  untilSettled,
} from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const DAY = 24 * 60 * 60_000;
let t: TestApp;
let c: MoneyClient;
let d0: string;
const bought: { quantity: number; value: bigint; at: Date }[] = [];

async function nextDay() {
  t.clock.advance(DAY);
  const login = await t.api.post<TAuthData>('/auth/app/v1/login', {
    username: c.mobile,
    password: md5(c.password),
  });
  if (login.status !== 200) throw new Error(JSON.stringify(login.body));
  c = { ...c, token: login.body.data.access_token };
}

async function buy(quantity: number) {
  const order = await placed(t, c, { type: 'market', symbol: 'INFY', side: 'buy', quantity });
  await untilSettled(t, c, order.id);
  const [fill] = await sqlRows<{ value_paise: string; executed_at: Date }>(
    t,
    `select value_paise, executed_at from fills where order_id = '${order.id}'`,
  );
  bought.push({ quantity, value: BigInt(fill!.value_paise), at: new Date(fill!.executed_at) });
}

const holding = async () =>
  (
    await sqlRows<{ quantity: string; reserved: string; pledged: string; cost_paise: string }>(
      t,
      `select quantity, reserved, pledged, cost_paise from holdings
        where client_id = '${c.id}' and symbol = 'INFY'`,
    )
  )[0]!;

async function openLots() {
  const fills = await t.ctx.trading.taxFillsOf(c.id);
  const adjustments = await t.ctx.trading.lotAdjustmentsOf(c.id);
  return matchLots(fills, adjustments);
}

let costBefore: string;
let orderId: string;
let gttId: string;

beforeAll(async () => {
  t = await openMarketApp();
  c = await trader(t, 2_000_000);
  d0 = istDateOf(t.clock.now());
  await buy(20);
  await nextDay();
  await buy(40);
  await nextDay();
  await buy(60);
  await t.ctx.db.transaction((tx) =>
    t.ctx.trading.pledges.pledge(tx, c.id, [{ symbol: 'INFY', quantity: 6 }]),
  );
  orderId = (
    await placed(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'sell',
      quantity: 12,
      limit_price: paiseToRupeeText(near(t, 'INFY', 108)),
    })
  ).id;
  const trigger = near(t, 'INFY', 90);
  gttId = (
    await gttSet(t, c, {
      kind: 'single',
      symbol: 'INFY',
      side: 'buy',
      quantity: 15,
      trigger,
      limit: trigger,
    })
  ).id;
  costBefore = (await holding()).cost_paise;
  await t.ctx.portfolio.actions.add(
    [
      { symbol: 'INFY', kind: 'split', ratio_new: 5, ratio_old: 1, ex_date: addDays(d0, 3) },
      {
        symbol: 'INFY',
        kind: 'bonus',
        ratio_new: 1,
        ratio_old: 1,
        ex_date: addDays(d0, 5),
        payment_date: addDays(d0, 6),
      },
    ],
    'cli',
    cliActor(),
  );
});
afterAll(async () => t?.close());

describe('a split, applied on its ex-date', () => {
  it('before the ex-date nothing happens', async () => {
    expect((await t.ctx.portfolio.actions.applyDue(addDays(d0, 2), cliActor())).applied).toEqual(
      [],
    );
    expect(await holding()).toMatchObject({ quantity: '120', reserved: '12', pledged: '6' });
  });

  it('multiplies the holding and the pledge by five, keeps the cost, cancels the order and the GTT', async () => {
    await nextDay();
    const { applied } = await t.ctx.portfolio.actions.applyDue(addDays(d0, 3), cliActor());
    expect(applied).toEqual([
      expect.objectContaining({ symbol: 'INFY', kind: 'split', clients: 1 }),
    ]);
    expect(await holding()).toEqual({
      quantity: '600',
      reserved: '0',
      pledged: '30',
      cost_paise: costBefore,
    });
    const [order] = await sqlRows<{ status: string; reason: string }>(
      t,
      `select status, reason from orders where id = '${orderId}'`,
    );
    expect(order).toEqual({
      status: 'cancelled',
      reason: `Cancelled for the split of INFY (ex-date ${addDays(d0, 3)}).`,
    });
    const [gtt] = await sqlRows<{ status: string }>(
      t,
      `select status from gtts where id = '${gttId}'`,
    );
    expect(gtt!.status).toBe('cancelled');
  });

  it('re-counts each lot with its cost and acquisition date kept', async () => {
    const { open } = await openLots();
    expect(open.map((l) => [l.quantity, l.costPaise, l.boughtAt.toISOString()])).toEqual(
      bought.map((b) => [b.quantity * 5, b.value, b.at.toISOString()]),
    );
  });

  it('applying the day again changes nothing', async () => {
    expect((await t.ctx.portfolio.actions.applyDue(addDays(d0, 3), cliActor())).applied).toEqual(
      [],
    );
    expect((await holding()).quantity).toBe('600');
    const rows = await sqlRows(t, `select 1 from holding_adjustments where client_id = '${c.id}'`);
    expect(rows).toHaveLength(1);
    const audit = await sqlRows<{ action: string }>(
      t,
      `select action from audit_log where action = 'corporate_action.apply'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('a sell of 120 new shares takes the first lot (100) and 20 of the second, FIFO, short-term', async () => {
    const order = await placed(t, c, {
      type: 'market',
      symbol: 'INFY',
      side: 'sell',
      quantity: 120,
    });
    await untilSettled(t, c, order.id);
    const { realised, open } = await openLots();
    expect(realised.map((r) => [r.quantity, r.costPaise, r.term])).toEqual([
      [100, bought[0]!.value, 'short'],
      [20, (bought[1]!.value * 20n) / 200n, 'short'],
    ]);
    expect(open.map((l) => l.quantity)).toEqual([180, 300]);
    expect(await t.ctx.trading.holdersBefore('INFY', addDays(d0, 4))).toEqual([
      { clientId: c.id, quantity: 480 },
    ]);
  });
});

describe('a bonus 1:1', () => {
  it('adds a lot of 480 at nil cost acquired on the allotment date; the pledge stays; once only', async () => {
    await nextDay();
    await nextDay();
    const costNow = (await holding()).cost_paise;
    const { applied } = await t.ctx.portfolio.actions.applyDue(addDays(d0, 5), cliActor());
    expect(applied).toEqual([expect.objectContaining({ kind: 'bonus', clients: 1 })]);
    expect(await holding()).toMatchObject({ quantity: '960', pledged: '30', cost_paise: costNow });
    const { open } = await openLots();
    expect(open.map((l) => l.quantity)).toEqual([180, 300, 480]);
    expect(open[2]).toMatchObject({ costPaise: 0n, chargesPaise: 0n });
    expect(istDateOf(open[2]!.boughtAt)).toBe(addDays(d0, 6));
    expect(open[2]!.boughtAt.toISOString()).toBe(
      new Date(`${addDays(d0, 6)}T00:00:00+05:30`).toISOString(),
    );
    expect((await t.ctx.portfolio.actions.applyDue(addDays(d0, 5), cliActor())).applied).toEqual(
      [],
    );
    expect((await holding()).quantity).toBe('960');
  });
});
