/**
 * A split and then a bonus re-base the market with the holding, on real PostgreSQL (issue 34,
 * decision 051): a client holds 20 HDFCBANK bought near ₹1,000 with alerts at ₹1,200 (above)
 * and ₹800 (below). The 2:1 split on the next day leaves the holding's value and unrealised
 * P&L where they were (40 shares at ₹500), halves the live quote, its band and 52-week range,
 * every stored candle before the ex-date and the alerts (₹600, ₹400), keeps NIFTY 50 where it
 * stood, reaches a follower engine, and the feed goes on from ₹500. A 1:1 bonus (factor 2)
 * does the same again; re-applying changes nothing; returns value the days before continuously.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  md5,
  priceAfter,
  type ShareRatio,
  type TAuthData,
  type THolding,
  type TPriceAlert,
  type TQuote,
  type TReturns,
} from '@sampada/shared';
import { cliActor } from '../../platform/audit.ts';
import { addDays, istDateOf } from '../../platform/ist.ts';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import type { MoneyClient } from '../funds/test-fixtures.ts';
import { createMarketEngine, type MarketEngine } from '../market/engine.ts';
import { indexLevel } from '../market/indices.ts';
import { createSimulatedFeed } from '../market/simulator.ts';
import {
  openMarketApp,
  placed,
  runMarket,
  trader,
  untilSettled,
} from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const DAY = 24 * 60 * 60_000;
const S = 'HDFCBANK';
const SPLIT: ShareRatio = { kind: 'split', ratioNew: 2, ratioOld: 1 };
const BONUS: ShareRatio = { kind: 'bonus', ratioNew: 1, ratioOld: 1 };
let t: TestApp;
let c: MoneyClient;
let d0: string;
let follower: MarketEngine;
let stopFollowing: () => void;

async function nextDay() {
  t.clock.advance(DAY);
  const login = await t.api.post<TAuthData>('/auth/app/v1/login', {
    username: c.mobile,
    password: md5(c.password),
  });
  if (login.status !== 200) throw new Error(JSON.stringify(login.body));
  c = { ...c, token: login.body.data.access_token };
}

/** A print at `paise`, as the alerts test makes one: the engine's state is the feed's truth. */
const printAt = (paise: number) => {
  t.ctx.market.engine.state(S)!.last = paise;
};
const state = () => ({ ...t.ctx.market.engine.state(S)! });
const holding = async () => {
  const reply = await t.api.get<THolding[]>('/trade/app/v1/holdings', c.token);
  return reply.body.data.find((h) => h.symbol === S)!;
};
const alerts = async () =>
  (await t.api.get<TPriceAlert[]>('/market/app/v1/alerts', c.token)).body.data
    .filter((a) => a.symbol === S)
    .map((a) => [a.direction, a.status, a.price_paise] as const)
    .sort();
type CandleRow = {
  interval: string;
  start: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
};
const candles = () =>
  sqlRows<CandleRow>(
    t,
    `select interval, start, open, high, low, close, volume from candles
      where symbol = '${S}' order by interval, start`,
  );
const niftyBase = async () =>
  Number(
    (
      await sqlRows<{ base_price_paise: string }>(
        t,
        `select base_price_paise from index_constituents where index_symbol = 'NIFTY50' and symbol = '${S}'`,
      )
    )[0]!.base_price_paise,
  );
const nifty = () =>
  indexLevel(
    t.ctx.market.engine.instrument('NIFTY50')!.baseValuePaise!,
    t.ctx.market.engine.constituentsOf('NIFTY50'),
    (s) => t.ctx.market.engine.state(s)?.last,
  );
const apply = (day: string) => t.ctx.portfolio.actions.applyDue(day, cliActor());

beforeAll(async () => {
  t = await openMarketApp();
  c = await trader(t, 500_000);
  d0 = istDateOf(t.clock.now());
  printAt(1_000_00);
  const order = await placed(t, c, { type: 'market', symbol: S, side: 'buy', quantity: 20 });
  await untilSettled(t, c, order.id);
  printAt(1_000_00);
  for (const [direction, price] of [
    ['above', '1200.00'],
    ['below', '800.00'],
    ['above', '1500.00'],
  ] as const) {
    const reply = await t.api.post<TPriceAlert>(
      '/market/app/v1/alerts',
      { symbol: S, direction, price },
      c.token,
    );
    if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
    // The ₹1,500 one is cancelled: history keeps the price it had.
    if (price === '1500.00')
      await t.api.del(`/market/app/v1/alerts/${reply.body.data.id}`, c.token);
  }
  await t.ctx.market.engine.flush();
  // A second instance's engine, following this one's states over the bus.
  follower = createMarketEngine({
    db: t.ctx.db,
    clock: t.clock,
    calendar: t.ctx.market.calendar,
    feed: createSimulatedFeed(1),
    bus: t.ctx.bus,
  });
  await follower.load();
  stopFollowing = follower.follow();
  await t.ctx.bus.whenSubscribed();
  await t.ctx.portfolio.actions.add(
    [
      { symbol: S, kind: 'split', ratio_new: 2, ratio_old: 1, ex_date: addDays(d0, 1) },
      { symbol: S, kind: 'bonus', ratio_new: 1, ratio_old: 1, ex_date: addDays(d0, 2) },
    ],
    'cli',
    cliActor(),
  );
});
afterAll(async () => {
  stopFollowing?.();
  await t?.close();
});

/** Every candle before the ex-date is the one before it re-based; none after it moved. */
function expectRebased(before: CandleRow[], after: CandleRow[], ratio: ShareRatio, exDay: string) {
  const exStart = new Date(`${exDay}T00:00:00+05:30`).getTime();
  expect(after).toHaveLength(before.length);
  expect(before.filter((r) => new Date(r.start).getTime() < exStart).length).toBeGreaterThan(0);
  before.forEach((b, i) => {
    const a = after[i]!;
    const moved = new Date(b.start).getTime() < exStart;
    const p = (x: string) => (moved ? priceAfter(ratio, Number(x)) : Number(x));
    expect([a.open, a.high, a.low, a.close, a.volume].map(Number)).toEqual([
      p(b.open),
      p(b.high),
      p(b.low),
      p(b.close),
      moved ? Number(b.volume) * 2 : Number(b.volume),
    ]);
  });
}

describe('a 2:1 split re-bases the market with the holding', () => {
  let before: {
    holding: THolding;
    state: ReturnType<typeof state>;
    quote: TQuote;
    candles: CandleRow[];
  };
  let niftyBefore: number;

  it('on the ex-date the holding is 40 shares at ₹500: value and unrealised P&L unchanged', async () => {
    await nextDay();
    before = {
      holding: await holding(),
      state: state(),
      quote: t.ctx.market.service.quote(S),
      candles: await candles(),
    };
    niftyBefore = nifty();
    expect(before.holding).toMatchObject({ quantity: 20, price_paise: 1_000_00 });
    const { applied } = await apply(addDays(d0, 1));
    expect(applied).toEqual([expect.objectContaining({ symbol: S, kind: 'split', clients: 1 })]);
    const after = await holding();
    expect(after).toMatchObject({
      quantity: 40,
      price_paise: 500_00,
      current_value_paise: before.holding.current_value_paise,
      unrealised_pnl_paise: before.holding.unrealised_pnl_paise,
      invested_paise: before.holding.invested_paise,
      // The day's P&L moves only by the paisa a halved odd previous close rounds away.
      day_pnl_paise: (500_00 - priceAfter(SPLIT, before.state.prevClose)) * 40,
    });
    expect(after.average_cost_paise).toBe(Math.round(before.holding.average_cost_paise / 2));
  });

  it('halves the live quote, its previous close, band and 52-week range', () => {
    const s = state();
    const half = (x: number) => priceAfter(SPLIT, x);
    expect(s).toMatchObject({
      last: 500_00,
      prevClose: half(before.state.prevClose),
      tickBasis: half(before.state.tickBasis),
      week52High: half(before.state.week52High),
      week52Low: half(before.state.week52Low),
    });
    const quote = t.ctx.market.service.quote(S);
    expect(quote.prev_close * 100).toBe(half(before.state.prevClose));
    // The band is the new previous close's, on whole ticks: half the old one, within a tick.
    for (const edge of ['upper_band', 'lower_band'] as const)
      expect(Math.abs(quote[edge]! * 100 - (before.quote[edge]! * 100) / 2)).toBeLessThanOrEqual(5);
  });

  it('halves every stored candle before the ex-date and doubles its volume', async () => {
    expectRebased(before.candles, await candles(), SPLIT, addDays(d0, 1));
  });

  it('re-bases the active alerts (₹1,200 → ₹600, ₹800 → ₹400), not the cancelled one', async () => {
    expect(await alerts()).toEqual([
      ['above', 'active', 600_00],
      ['above', 'cancelled', 1_500_00],
      ['below', 'active', 400_00],
    ]);
  });

  it('keeps NIFTY 50 where it stood: the index base price of the scrip is halved too', async () => {
    expect(await niftyBase()).toBe(
      t.ctx.market.engine.constituentsOf('NIFTY50').find((x) => x.symbol === S)!.basePricePaise,
    );
    // Only the paisa a halved odd base price rounds away: a hundred-thousandth of the level.
    expect(Math.abs(nifty() - niftyBefore)).toBeLessThanOrEqual(niftyBefore / 100_000 + 1);
  });

  it('a follower engine takes the re-based state, its lower 52-week range included', async () => {
    await vi.waitFor(() => expect(follower.state(S)!.last).toBe(500_00));
    expect(follower.state(S)).toMatchObject({
      prevClose: state().prevClose,
      week52High: state().week52High,
      week52Low: state().week52Low,
    });
  });

  it('the feed goes on from ₹500, inside the new band', async () => {
    await runMarket(t, 6);
    const s = state();
    expect(s.last).toBeGreaterThan(450_00);
    expect(s.last).toBeLessThan(550_00);
    expect(s.prevClose).toBeLessThan(550_00);
  });

  it('applying the day again changes nothing', async () => {
    const now = await candles();
    const last = state().last;
    expect((await apply(addDays(d0, 1))).applied).toEqual([]);
    expect(await candles()).toEqual(now);
    expect(state().last).toBe(last);
    expect((await alerts())[0]).toEqual(['above', 'active', 600_00]);
  });
});

describe('a 1:1 bonus re-bases by two as well', () => {
  it('80 shares, quote and alerts halved again, candles before its ex-date halved', async () => {
    await t.ctx.market.engine.flush();
    await nextDay();
    printAt(500_00);
    const h = await holding();
    const candlesBefore = await candles();
    expect((await apply(addDays(d0, 2))).applied).toHaveLength(1);
    expect(await holding()).toMatchObject({
      quantity: 80,
      price_paise: 250_00,
      current_value_paise: h.current_value_paise,
      unrealised_pnl_paise: h.unrealised_pnl_paise,
    });
    expect(await alerts()).toEqual([
      ['above', 'active', 300_00],
      ['above', 'cancelled', 1_500_00],
      ['below', 'active', 200_00],
    ]);
    expectRebased(candlesBefore, await candles(), BONUS, addDays(d0, 2));
  });

  it('returns value the days before the actions in their own shares: no cliff', async () => {
    await t.ctx.market.engine.flush();
    const reply = await t.api.get<TReturns>('/stat/app/v1/returns?benchmark=NIFTY50', c.token);
    expect(reply.status).toBe(200);
    const byDay = new Map(reply.body.data.series.map((p) => [p.day, p.value_paise]));
    const [d0Close] = await sqlRows<{ close: string }>(
      t,
      `select close from candles where symbol = '${S}' and interval = '1d'
        and start = '${d0}T00:00:00+05:30'`,
    );
    // 20 shares on d0, at its close counted back through both actions (× 2 × 2).
    expect(byDay.get(d0)).toBe(20 * Number(d0Close!.close) * 4);
    expect(byDay.get(addDays(d0, 2))).toBe(80 * 250_00);
  });
});
