/** The demo a fresh install starts with: a client with months of real history behind them. */
import { md5, type TBankCard, type TOrder, type TPortfolio } from '@sampada/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { DEMO_CLIENT, seedDemo } from './seed.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-24T06:30:00Z'));
  await seedDemo(t.ctx);
  const login = await t.api.post<{ access_token: string }>('/auth/app/v1/login', {
    username: DEMO_CLIENT.mobile,
    password: md5(DEMO_CLIENT.password),
  });
  token = login.body.data.access_token;
}, 120_000);
afterAll(() => t.close());

describe('the demo client', () => {
  it('holds seven stocks bought months ago, with P&L, contract notes and cash left', async () => {
    const { body } = await t.api.get<TPortfolio>('/stat/app/v1/portfolio', token);
    const { summary } = body.data;
    expect(summary.holdings).toBe(7);
    expect(summary.invested_paise).toBeGreaterThan(600_000_00);
    expect(summary.unrealised_pnl_paise).not.toBe(0);
    expect(summary.charges_paid_paise).toBeGreaterThan(0);
    const orders = await t.api.get<{ items: TOrder[] }>('/trade/app/v1/orders?limit=50', token);
    const items = orders.body.data.items;
    expect(items.filter((o) => o.status === 'filled')).toHaveLength(7);
    expect(items.filter((o) => o.status === 'cancelled')).toHaveLength(1);
    // Bought on past days: the oldest fill is months before the clock.
    const oldest = Math.min(...items.map((o) => Date.parse(o.created_at)));
    expect(t.clock.now().getTime() - oldest).toBeGreaterThan(150 * 86_400_000);
    const note = items.find((o) => o.status === 'filled')!.fills[0]!.contract_note_no;
    expect(note).toBeTruthy();
    const contract = await t.api.get(`/trade/app/v1/contract-notes/${note}`, token);
    expect(contract.status).toBe(200);
    const assets = await t.api.get<{ cash_available_paise: number }>('/stat/app/v1/asset', token);
    expect(assets.body.data.cash_available_paise).toBeGreaterThan(0);
  });

  it('has a PIN and a bank account, and the ledger balances', async () => {
    const client = (await t.ctx.clients.findByMobile(`+91${DEMO_CLIENT.mobile}`))!;
    expect(client.pinHash).toBeTruthy();
    const cards = await t.api.get<TBankCard[]>('/funds/app/v1/bank-cards', token);
    expect(cards.body.data).toHaveLength(1);
    const check = await t.ctx.ledger.check();
    expect(check.discrepancies).toEqual([]);
  });
});
