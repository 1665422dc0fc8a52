/**
 * GTT races on real PostgreSQL: an OCO's two legs firing at once (two passes that saw
 * different prints) — exactly one order, the other leg cancelled, the shares reserved once;
 * and 50 GTTs crossed by one print while three passes run over it — exactly 50 orders, each
 * holding its own cash, the ledger balanced.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TGtt } from '@sampada/shared';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import { balancesOf, type MoneyClient } from '../funds/test-fixtures.ts';
import { tickOf } from '../market/service.ts';
import { gttSet, near, openMarketApp, placed, trader, untilSettled } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let t: TestApp;
const tick = (symbol: string) => tickOf(t.ctx.market.engine.state(symbol)!);

beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

describe('GTT races', () => {
  it('race: both legs of an OCO fire together — exactly one order, the other leg cancelled, shares reserved once', async () => {
    const pairs: { c: MoneyClient; gtt: TGtt }[] = [];
    for (let i = 0; i < 8; i++) {
      const c = await trader(t, 200_000);
      await untilSettled(
        t,
        c,
        (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 10 })).id,
      );
      const target = near(t, 'TCS', 103);
      const stop = near(t, 'TCS', 97);
      pairs.push({
        c,
        gtt: await gttSet(t, c, {
          kind: 'oco',
          symbol: 'TCS',
          side: 'sell',
          quantity: 10,
          trigger: target,
          limit: target,
          stopTrigger: stop,
          stopLimit: stop,
        }),
      });
    }
    const results = await Promise.all(
      pairs.flatMap(({ gtt }) => [
        t.ctx.trading.gtts.fire(gtt.id, BigInt(gtt.target.trigger_price_paise + tick('TCS'))),
        t.ctx.trading.gtts.fire(gtt.id, BigInt(gtt.stop!.trigger_price_paise - tick('TCS'))),
      ]),
    );
    for (const [i, { c, gtt }] of pairs.entries()) {
      const [byTarget, byStop] = [results[2 * i], results[2 * i + 1]];
      expect([byTarget, byStop].filter(Boolean)).toHaveLength(1);
      const now = await t.ctx.trading.gtts.ofClient(c.id, gtt.id);
      expect(now.status).toBe('triggered');
      const legs = [now.target.status, now.stop!.status].sort();
      expect(legs).toEqual(['cancelled', 'fired']);
      expect(now.order_id).toBe((byTarget ?? byStop)!.id);
      const sells = await sqlRows<{ n: string }>(
        t,
        `select count(*) as n from orders where client_id = '${c.id}' and origin = 'gtt'`,
      );
      expect(Number(sells[0]!.n)).toBe(1);
      const [held] = await sqlRows<{ reserved: string }>(
        t,
        `select reserved from holdings where client_id = '${c.id}' and symbol = 'TCS'`,
      );
      expect(Number(held!.reserved)).toBe(10);
    }
  });

  it('race: 50 GTTs crossed by one print while three passes run — exactly 50 orders, each holding its own cash', async () => {
    const clients: MoneyClient[] = [];
    const gtts: TGtt[] = [];
    const trigger = near(t, 'INFY', 98);
    const quantity = Math.ceil(2_000_000 / trigger);
    for (let i = 0; i < 5; i++) {
      const c = await trader(t, 400_000);
      clients.push(c);
      for (let j = 0; j < 10; j++)
        gtts.push(
          await gttSet(t, c, {
            kind: 'single',
            symbol: 'INFY',
            side: 'buy',
            quantity,
            trigger,
            limit: trigger,
          }),
        );
    }
    t.clock.advance(500);
    const state = t.ctx.market.engine.state('INFY')!;
    state.last = trigger - tick('INFY');
    state.updatedAt = t.clock.now();
    const started = performance.now();
    await Promise.all([
      t.ctx.trading.matcher.match(['INFY']),
      t.ctx.trading.gtts.check(['INFY']),
      t.ctx.trading.gtts.check(['INFY']),
    ]);
    const ms = performance.now() - started;
    console.info(`50 GTTs fired on one tick in ${ms.toFixed(0)} ms`);
    const ids = gtts.map((g) => `'${g.id}'`).join(',');
    const rows = await sqlRows<{ status: string; order_id: string | null }>(
      t,
      `select status, order_id from gtts where id in (${ids})`,
    );
    expect(rows.filter((r) => r.status === 'triggered' && r.order_id)).toHaveLength(50);
    const orders = await sqlRows<{ id: string; client_id: string; hold_paise: string }>(
      t,
      `select id, client_id, hold_paise from orders where origin = 'gtt' and symbol = 'INFY' and client_id in (${clients.map((c) => `'${c.id}'`).join(',')})`,
    );
    expect(orders).toHaveLength(50);
    expect(new Set(orders.map((o) => o.id))).toEqual(new Set(rows.map((r) => r.order_id)));
    for (const c of clients) {
      const held = orders
        .filter((o) => o.client_id === c.id)
        .reduce((s, o) => s + BigInt(o.hold_paise), 0n);
      expect((await balancesOf(t, c.id)).cash_on_hold).toBe(held);
    }
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
