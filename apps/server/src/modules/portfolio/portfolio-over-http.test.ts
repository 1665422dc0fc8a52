/**
 * Returns, dividends and Schedule 112A over real HTTP: a client buys 30 TCS, a ₹400 dividend
 * goes ex the next day (₹12,000 gross passes the year's threshold: ₹1,200 TDS), applied twice
 * (recorded once); the returns show it as income and value the holding at the live price;
 * another client sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  md5,
  PORTFOLIO_MESSAGES,
  type TAuthData,
  type TDividendList,
  type TOrder,
  type TReturns,
} from '@sampada/shared';
import { cliActor } from '../../platform/audit.ts';
import { addDays, istDateOf } from '../../platform/ist.ts';
import type { TestApp } from '../../test/helpers.ts';
import type { MoneyClient } from '../funds/test-fixtures.ts';
import { openMarketApp, placed, trader, untilSettled } from '../trading/test-fixtures.ts';
import { SCHEDULE_112A_HEADER } from './schedule-112a.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let c: MoneyClient;
let buy: TOrder;
let exDate: string;

beforeAll(async () => {
  t = await openMarketApp();
  c = await trader(t, 400_000);
  buy = await untilSettled(
    t,
    c,
    (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 30 })).id,
  );
  exDate = addDays(istDateOf(t.clock.now()), 1);
  await t.ctx.portfolio.actions.add(
    [{ symbol: 'TCS', kind: 'dividend', per_share_paise: 40_000, ex_date: exDate }],
    'cli',
    cliActor(),
  );
  t.clock.advance(24 * 60 * 60_000);
  const login = await t.api.post<TAuthData>('/auth/app/v1/login', {
    username: c.mobile,
    password: md5(c.password),
  });
  if (login.status !== 200) throw new Error(JSON.stringify(login.body));
  c = { ...c, token: login.body.data.access_token };
});
afterAll(async () => t?.close());

describe('dividends on record', () => {
  it('applied on the ex-date for the holder: ₹12,000 gross, ₹1,200 TDS, ₹10,800 net; a second apply records nothing', async () => {
    const first = await t.ctx.portfolio.actions.applyDue(exDate, cliActor());
    expect(first.applied).toEqual([expect.objectContaining({ symbol: 'TCS', clients: 1 })]);
    const again = await t.ctx.portfolio.actions.applyDue(exDate, cliActor());
    expect(again).toEqual({ applied: [], skipped: [] });
    const reply = await t.api.get<TDividendList>('/stat/app/v1/dividends', c.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      items: [
        {
          symbol: 'TCS',
          quantity: 30,
          per_share_paise: 40_000,
          gross_paise: 1_200_000,
          tds_paise: 120_000,
          net_paise: 1_080_000,
          paid_on: exDate,
        },
      ],
      gross_paise: 1_200_000,
      tds_paise: 120_000,
      net_paise: 1_080_000,
    });
  });
});

describe('returns', () => {
  it('the holding valued at the live price, the dividend as income, XIRR per holding', async () => {
    const reply = await t.api.get<TReturns>('/stat/app/v1/returns?benchmark=NIFTY50', c.token);
    expect(reply.status).toBe(200);
    const r = reply.body.data;
    const price = t.ctx.trading.lastPriceOf('TCS')!;
    const fill = buy.fills[0]!;
    expect(r.value_paise).toBe(30 * price);
    expect(r.income.dividend_paise).toBe(1_200_000);
    expect(r.income.realised_paise).toBe(0);
    // Unrealised: value − cost − the buy's charges other than STT.
    expect(r.income.unrealised_paise).toBe(
      30 * price - fill.value_paise - (fill.charges.total_paise - fill.charges.stt_paise),
    );
    expect(r.holdings).toEqual([
      expect.objectContaining({ symbol: 'TCS', value_paise: 30 * price }),
    ]);
    // One day's 11%-odd (the dividend) annualises past any rate bisection brackets: then the
    // answer says so, with a reason, instead of a number.
    for (const rate of [r.xirr, r.holdings[0]!.xirr])
      expect(rate.computable ? rate.rate : rate.reason).toEqual(
        rate.computable ? expect.any(Number) : expect.any(String),
      );
    expect(r.allocation.market_cap).toEqual([
      { name: 'Large cap', value_paise: 30 * price, weight: 1 },
    ]);
    expect(r.allocation.sector).toHaveLength(1);
    expect(r.from).toBe(istDateOf(new Date(fill.executed_at)));
  });

  it('another client sees only their own: nothing; bad dates are a 400 with the message', async () => {
    const other = await trader(t, 0);
    const theirs = await t.api.get<TReturns>('/stat/app/v1/returns', other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ value_paise: 0, holdings: [] });
    expect(theirs.body.data.xirr).toMatchObject({ computable: false, rate: null });
    const dividends = await t.api.get<TDividendList>('/stat/app/v1/dividends', other.token);
    expect(dividends.body.data.items).toEqual([]);
    const bad = await t.api.get('/stat/app/v1/returns?from=2025-13-01', c.token);
    expect([bad.status, bad.body.message]).toEqual([400, PORTFOLIO_MESSAGES.dateInvalid]);
    const backwards = await t.api.get(
      '/stat/app/v1/returns?from=2025-05-01&to=2025-04-01',
      c.token,
    );
    expect([backwards.status, backwards.body.message]).toEqual([
      400,
      PORTFOLIO_MESSAGES.rangeInvalid,
    ]);
    expect((await t.api.raw('/stat/app/v1/returns')).status).toBe(401);
  });

  it('Schedule 112A CSV: the ITR columns; no long-term sale yet, so only the header', async () => {
    const file = await t.api.raw('/stat/app/v1/tax/schedule-112a', {
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await file.text()).trim().split('\r\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(SCHEDULE_112A_HEADER[0]);
  });
});
