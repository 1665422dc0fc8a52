/**
 * Stop-loss orders over real HTTP: SL (trigger, then a limit) and SL-M (trigger, then market),
 * buy and sell. What a stop needs (a trigger on the right side of the last price, a limit on
 * the right side of the trigger, tick-aligned prices), what it holds while it waits, and a
 * fill only once the feed crosses the trigger.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPaise, paiseToRupeeText, TM } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { balancesOf } from '../funds/test-fixtures.ts';
import { tickOf } from '../market/service.ts';
import {
  openMarketApp,
  orderOf,
  placed,
  placeOrder,
  runMarket,
  trader,
  untilSettled,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
const stateOf = (symbol: string) => t.ctx.market.engine.state(symbol)!;
const rupees = (paise: number) => paiseToRupeeText(paise);

beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

describe('stop-loss orders', () => {
  it('refuses a stop whose trigger or limit is on the wrong side, or off the tick, with the reason', async () => {
    const c = await trader(t, 300_000);
    const { last } = stateOf('INFY');
    const tick = tickOf(stateOf('INFY'));
    const base = { symbol: 'INFY', quantity: 20 } as const;
    const cases: [object, string][] = [
      [{ ...base, type: 'sl_m', side: 'buy' }, TM.triggerRequired],
      [
        { ...base, type: 'sl_m', side: 'buy', trigger_price: rupees(last - tick) },
        TM.buyTriggerBelow(formatPaise(last)),
      ],
      [{ ...base, type: 'sl', side: 'buy', trigger_price: rupees(last + tick) }, TM.priceRequired],
      [
        {
          ...base,
          type: 'sl',
          side: 'buy',
          trigger_price: rupees(last + 2 * tick),
          limit_price: rupees(last + tick),
        },
        TM.buyLimitBelowTrigger,
      ],
      [
        {
          ...base,
          type: 'sl',
          side: 'buy',
          trigger_price: rupees(last + tick + 1),
          limit_price: rupees(last + 4 * tick),
        },
        TM.triggerOffTick(formatPaise(tick)),
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await placeOrder(t, c, body as never);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    // A sell stop needs the shares and a trigger under the last price.
    const sell = await placeOrder(t, c, {
      ...base,
      type: 'sl_m',
      side: 'sell',
      trigger_price: rupees(last + tick),
    });
    expect(sell.status).toBe(400);
    expect(sell.body.message).toBe(TM.sellTriggerAbove(formatPaise(last)));
    expect(await balancesOf(t, c.id)).toMatchObject({ cash_on_hold: 0n });
  });

  it('an SL buy holds its limit value and charges; SL-M buy and sell wait for the feed to cross the trigger, then fill', async () => {
    const c = await trader(t, 600_000);
    // Shares to protect with a sell stop.
    const bought = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'HDFCBANK', side: 'buy', quantity: 40 })).id,
    );
    expect(bought.status).toBe('filled');

    const infy = stateOf('INFY');
    const tick = tickOf(infy);
    const sl = await placed(t, c, {
      type: 'sl',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
      trigger_price: rupees(infy.last + 50 * tick),
      limit_price: rupees(infy.last + 60 * tick),
    });
    expect(sl).toMatchObject({
      type: 'sl',
      status: 'awaiting',
      trigger_price_paise: infy.last + 50 * tick,
      price_paise: infy.last + 60 * tick,
      triggered_at: null,
    });
    expect((await balancesOf(t, c.id)).cash_on_hold).toBe(BigInt(sl.hold_paise));

    // Stops one tick either side of HDFCBANK's last price: the feed crosses one of them first.
    const hdfc = stateOf('HDFCBANK');
    const sellStop = await placed(t, c, {
      type: 'sl_m',
      symbol: 'HDFCBANK',
      side: 'sell',
      quantity: 40,
      trigger_price: rupees(hdfc.last - tickOf(hdfc)),
    });
    expect(sellStop.hold_paise).toBe(0);
    const buyStop = await placed(t, c, {
      type: 'sl_m',
      symbol: 'HDFCBANK',
      side: 'buy',
      quantity: 20,
      trigger_price: rupees(hdfc.last + tickOf(hdfc)),
    });
    await runMarket(t, 400, async () =>
      [sellStop, buyStop].some(
        (o) =>
          stateOf('HDFCBANK').updatedAt > new Date(o.created_at) &&
          (o.side === 'sell'
            ? stateOf('HDFCBANK').last <= o.trigger_price_paise!
            : stateOf('HDFCBANK').last >= o.trigger_price_paise!),
      ),
    );
    const [sold, boughtOnStop] = [
      await orderOf(t, c, sellStop.id),
      await orderOf(t, c, buyStop.id),
    ];
    expect([sold.status, boughtOnStop.status]).toContain('filled');
    if (sold.status === 'filled') {
      expect(sold.triggered_at).not.toBeNull();
      // Filled at the print that crossed the trigger: at or under it.
      expect(sold.fills[0]!.price_paise).toBeLessThanOrEqual(sellStop.trigger_price_paise!);
    } else expect(sold).toMatchObject({ status: 'awaiting', triggered_at: null });
    if (boughtOnStop.status === 'filled') {
      expect(boughtOnStop.triggered_at).not.toBeNull();
      expect(boughtOnStop.fills[0]!.price_paise).toBeGreaterThanOrEqual(
        buyStop.trigger_price_paise!,
      );
    } else expect(boughtOnStop).toMatchObject({ status: 'awaiting', triggered_at: null });

    const stillWaiting = (
      await t.api.get<{ status: string }>(`/trade/app/v1/orders/${sl.id}`, c.token)
    ).body.data;
    expect(stillWaiting.status).toBe('awaiting'); // INFY has not risen 50 ticks
    const b = await balancesOf(t, c.id);
    expect(b.cash_on_hold).toBe(BigInt(sl.hold_paise + boughtOnStop.hold_paise));
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
