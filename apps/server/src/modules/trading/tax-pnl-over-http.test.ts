/**
 * The tax P&L and the holdings export over real HTTP: from the client's own fills, FIFO; a
 * same-day buy and sell as intraday, then a long-term sell after a year; as JSON, CSV and PDF; and
 * another client sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  csvRupees,
  financialYearOf,
  HOLDINGS_CSV_HEADER,
  md5,
  type TAuthData,
  TAX_MESSAGES,
  type TOrder,
  type TTaxPnl,
} from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import type { TestApp } from '../../test/helpers.ts';
import type { MoneyClient } from '../funds/test-fixtures.ts';
import { openMarketApp, placed, runMarket, trader, untilSettled } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let c: MoneyClient;
let buy: TOrder;
let sell: TOrder;
const file = (url: string, token: string) =>
  t.api.raw(url, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await openMarketApp();
  c = await trader(t, 400_000);
  buy = await untilSettled(
    t,
    c,
    (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 30 })).id,
  );
  sell = await untilSettled(
    t,
    c,
    (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'sell', quantity: 10 })).id,
  );
});
afterAll(async () => t?.close());

describe('tax P&L over HTTP', () => {
  it('a same-day buy and sell: intraday (speculative), a third of the buy and the sell, no capital gain', async () => {
    expect([buy.status, sell.status]).toEqual(['filled', 'filled']);
    const reply = await t.api.get<TTaxPnl>('/trade/app/v1/tax-pnl', c.token);
    expect(reply.status).toBe(200);
    const report = reply.body.data;
    const year = financialYearOf(istDateOf(t.clock.now()));
    expect(report).toMatchObject({ year, from: `${year}-04-01`, years: [year] });
    const b = buy.fills[0]!;
    const s = sell.fills[0]!;
    const cost = Math.floor(b.value_paise / 3);
    const charges = Math.floor(b.charges.total_paise / 3) + s.charges.total_paise;
    const stt = Math.floor(b.charges.stt_paise / 3) + s.charges.stt_paise;
    expect(report.realised).toEqual([]);
    expect(report.intraday).toEqual([
      {
        symbol: 'TCS',
        name: expect.any(String),
        day: istDateOf(t.clock.now()),
        quantity: 10,
        buy_value_paise: cost,
        sell_value_paise: s.value_paise,
        charges_paise: charges,
        stt_paise: stt,
        result_paise: s.value_paise - cost - charges,
      },
    ]);
    expect(report.summary).toMatchObject({
      short_term_gain_paise: 0,
      long_term_gain_paise: 0,
      speculative_paise: s.value_paise - cost - charges,
    });
    expect(report.unrealised).toEqual([
      expect.objectContaining({ symbol: 'TCS', quantity: 20, cost_paise: b.value_paise - cost }),
    ]);
    // This year is wholly after 23 July 2024: one rate period, the whole year, no capital gain.
    expect(report.estimate).toMatchObject({
      stcg_rate_pct: '20',
      ltcg_rate_pct: '12.5',
      ltcg_exemption_paise: 12_500_000,
      total_tax_paise: 0,
      periods: [{ from: report.from, to: report.to, short_term_gain_paise: 0 }],
    });
  });

  it('CSV and PDF downloads of the year', async () => {
    const csv = await file('/trade/app/v1/tax-pnl/file?format=csv', c.token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const uid = (await t.ctx.clients.byId(c.id)).uid;
    expect(csv.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="tax-pnl-${uid}-FY\\d{4}-\\d\\d\\.csv"$`),
    );
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toContain(`UID,${uid}`);
    // The estimate's rate period and totals are the JSON report's, in plain rupees.
    const report = (await t.api.get<TTaxPnl>('/trade/app/v1/tax-pnl', c.token)).body.data;
    const row = lines.find((l) => l.startsWith('TCS,'))!;
    const trade = report.intraday![0]!;
    expect(row).toContain(`,${trade.day},10,`);
    expect(row.endsWith(`,${csvRupees(trade.result_paise)}`)).toBe(true);
    const [period] = report.estimate.periods;
    expect(lines).toContain(
      [
        `${period!.from} to ${period!.to}`,
        '20',
        '12.5',
        ...[
          period!.short_term_gain_paise,
          period!.long_term_gain_paise,
          period!.short_term_taxable_paise,
          period!.long_term_taxable_paise,
          period!.short_term_tax_paise,
          period!.long_term_tax_paise,
        ].map(csvRupees),
      ].join(','),
    );
    expect(lines).toContain(`Estimated tax,${csvRupees(report.estimate.total_tax_paise)}`);
    const pdf = await file('/trade/app/v1/tax-pnl/file?format=pdf', c.token);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('another client sees only their own (empty) tax P&L; a bad year is refused', async () => {
    const other = await trader(t, 0);
    const theirs = await t.api.get<TTaxPnl>('/trade/app/v1/tax-pnl', other.token);
    expect(theirs.body.data.realised).toEqual([]);
    expect(theirs.body.data.unrealised).toEqual([]);
    const bad = await t.api.get('/trade/app/v1/tax-pnl?year=25-26', c.token);
    expect([bad.status, bad.body.message]).toEqual([400, TAX_MESSAGES.yearInvalid]);
    const unauthenticated = await t.api.raw('/trade/app/v1/tax-pnl');
    expect(unauthenticated.status).toBe(401);
  });

  it('held more than twelve months: the next sell is long-term', async () => {
    t.clock.advance(400 * 86_400_000);
    await runMarket(t, 4);
    // A year on, the session has long expired: the client signs in again.
    const login = await t.api.post<TAuthData>('/auth/app/v1/login', {
      username: c.mobile,
      password: md5(c.password),
    });
    if (login.status !== 200) throw new Error(JSON.stringify(login.body));
    c = { ...c, token: login.body.data.access_token };
    const late = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'sell', quantity: 10 })).id,
    );
    expect(late.status).toBe('filled');
    const report = (await t.api.get<TTaxPnl>('/trade/app/v1/tax-pnl', c.token)).body.data;
    expect(report.realised.map((r) => [r.term, r.quantity])).toEqual([['long', 10]]);
    expect(report.years.length).toBeGreaterThanOrEqual(2);
    expect(report.unrealised.map((o) => [o.quantity, o.term])).toEqual([[10, 'long']]);
  });
});

describe('holdings export', () => {
  it('CSV with ISIN, quantity, average cost and value; another client gets only the header', async () => {
    const response = await file('/trade/app/v1/holdings/export', c.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe(HOLDINGS_CSV_HEADER.join(','));
    const cells = lines[1]!.split(',');
    expect(cells[0]).toBe('TCS');
    expect(cells[2]).toMatch(/^INE[0-9A-Z]{9}$/);
    expect(Number(cells[3])).toBe(10);
    expect(Number(cells[7])).toBeCloseTo(Number(cells[6]) * 10, 2);
    const other = await trader(t, 0);
    const empty = await file('/trade/app/v1/holdings/export', other.token);
    expect((await empty.text()).trim().split('\r\n')).toHaveLength(1);
  });
});
