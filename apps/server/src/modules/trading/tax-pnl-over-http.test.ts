/**
 * The tax P&L and the holdings export over real HTTP: from the client's own fills, FIFO, the
 * DP charge itemised; short-term, then long-term after a year; as JSON, CSV and PDF; and
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
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { type MoneyClient, openDeposits } from '../funds/test-fixtures.ts';
import { placed, runMarket, trader, untilSettled } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let c: MoneyClient;
let buy: TOrder;
let sell: TOrder;
const file = (url: string, token: string) =>
  t.api.raw(url, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  await runMarket(t, 4);
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
  it('a sell within the year: one short-term lot, its cost and charges a third of the buy, the DP charge itemised', async () => {
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
    expect(report.realised).toEqual([
      expect.objectContaining({
        symbol: 'TCS',
        quantity: 10,
        term: 'short',
        cost_paise: cost,
        proceeds_paise: s.value_paise,
        charges_paise: charges,
        dp_paise: 1350,
        gain_paise: s.value_paise - cost - charges,
        isin: expect.stringMatching(/^INE/),
      }),
    ]);
    expect(report.summary).toMatchObject({
      short_term_gain_paise: s.value_paise - cost - charges,
      long_term_gain_paise: 0,
      dp_paise: 1350,
    });
    expect(report.unrealised).toEqual([
      expect.objectContaining({ symbol: 'TCS', quantity: 20, cost_paise: b.value_paise - cost }),
    ]);
    const gain = s.value_paise - cost - charges;
    expect(report.estimate.short_term_tax_paise).toBe(
      gain > 0 ? Math.floor((gain * 20 + 50) / 100) : 0,
    );
    // This year is wholly after 23 July 2024: one rate period, the whole year, and its figures
    // are the totals.
    expect(report.estimate).toMatchObject({
      stcg_rate_pct: '20',
      ltcg_rate_pct: '12.5',
      ltcg_exemption_paise: 12_500_000,
      periods: [
        {
          from: report.from,
          to: report.to,
          stcg_rate_pct: '20',
          ltcg_rate_pct: '12.5',
          short_term_gain_paise: gain,
          long_term_gain_paise: 0,
          short_term_tax_paise: report.estimate.short_term_tax_paise,
          long_term_tax_paise: 0,
        },
      ],
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
    const row = lines.find((l) => l.startsWith('TCS,'))!;
    expect(row).toContain(',Short-term,10,');
    expect(row).toContain(`,${csvRupees(1350)},`);
    // The estimate's rate period and totals are the JSON report's, in plain rupees.
    const report = (await t.api.get<TTaxPnl>('/trade/app/v1/tax-pnl', c.token)).body.data;
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
