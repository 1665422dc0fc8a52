/** The demo a fresh install starts with: a client with months of real history behind them. */
import {
  md5,
  type TAchievements,
  type TAssets,
  type TChatHistory,
  type TPublicSettings,
  type TScore,
  type TBankCard,
  type TClaimDetail,
  type TClaimList,
  type TLoanDetail,
  type TLoanList,
  type TOrder,
  type TPortfolio,
} from '@sampada/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import { ageInMonths } from '../engagement/score.ts';
import { isOpenNow } from '../support/office-hours.ts';
import { DEMO_CLIENT, seedDemo, statedHours } from './seed.ts';

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

  it('has one loan against five holdings, disbursed by two officers and partly repaid', async () => {
    const list = await t.api.get<TLoanList>('/loan/app/v1/loans', token);
    expect(list.body.data.items).toHaveLength(1);
    const { id } = list.body.data.items[0]!;
    const loan = (await t.api.get<TLoanDetail>(`/loan/app/v1/loans/${id}`, token)).body.data;
    expect(loan.status).toBe('disbursed');
    expect(loan.product.kind).toBe('loan_against_shares');
    expect(loan.pledges.map((p) => p.symbol).sort()).toEqual(
      ['HDFCBANK', 'INFY', 'M&M', 'RELIANCE', 'TCS'].sort(),
    );
    // Above the approval threshold: operations, then the admin, approved it.
    expect(loan.approvals_required).toBe(2);
    expect(loan.approvals).toBe(2);
    expect(loan.schedule.length).toBeGreaterThan(0);
    // Repaid before the first due date: nothing was due, so it all prepaid principal (issue 33).
    expect(loan.paid_principal_paise).toBe(25_000_00 - loan.paid_interest_paise);
    expect(loan.paid_interest_paise + loan.paid_principal_paise).toBe(25_000_00);
    expect(loan.outstanding_principal_paise).toBe(loan.amount_paise - loan.paid_principal_paise);
    const portfolio = await t.api.get<TPortfolio>('/stat/app/v1/portfolio', token);
    const pledged = portfolio.body.data.holdings.filter((h) => h.pledged > 0);
    expect(pledged).toHaveLength(5);
  });

  it('has a claim about a slow deposit, partly approved and paid', async () => {
    const list = await t.api.get<TClaimList>('/compensation/app/v1/list', token);
    expect(list.body.data.items).toHaveLength(1);
    const claim = list.body.data.items[0]!;
    expect(claim).toMatchObject({
      category: 'delayed_service',
      status: 'paid',
      amount_claimed_paise: 1_200_00,
      amount_approved_paise: 500_00,
      related: { kind: 'deposit' },
    });
    const detail = await t.api.get<TClaimDetail>(`/compensation/app/v1/${claim.id}`, token);
    expect(detail.body.data.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['submit', 'review', 'partly_approve', 'pay']),
    );
  });

  it('has the achievements its history earns, and the ledger still balances', async () => {
    const { body } = await t.api.get<TAchievements>('/stat/app/v1/achievements', token);
    const earned = body.data.items.filter((a) => a.earned_at !== null).map((a) => a.code);
    expect(earned).toEqual(
      expect.arrayContaining(['kyc_verified', 'first_deposit', 'first_trade', 'five_sectors']),
    );
    const check = await t.ctx.ledger.check();
    expect(check.discrepancies).toEqual([]);
  });
});

/** The IST calendar day of an instant: 2026-06-01. */
const istDayOf = (at: string | Date) =>
  new Date(new Date(at).getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** Issue 31: what the demo shows agrees with itself. */
describe('the demo client, read across screens', () => {
  const kycApprovedAt = async () => {
    const client = (await t.ctx.clients.findByMobile(`+91${DEMO_CLIENT.mobile}`))!;
    const approved = (await t.ctx.kyc.submissionsOf(client.id)).find(
      (s) => s.status === 'approved',
    );
    return { clientId: client.id, at: approved!.checkedAt! };
  };

  it('earned each achievement on the day its history earned it, none on the seed day', async () => {
    const { clientId, at: kycAt } = await kycApprovedAt();
    const { body } = await t.api.get<TAchievements>('/stat/app/v1/achievements', token);
    const earnedOn = Object.fromEntries(
      body.data.items.filter((a) => a.earned_at).map((a) => [a.code, istDayOf(a.earned_at!)]),
    );
    const [deposit] = await sqlRows<{ at: string }>(
      t,
      `select min(decided_at) as at from deposits where client_id = '${clientId}' and status = 'confirmed'`,
    );
    const orders = await t.api.get<{ items: TOrder[] }>('/trade/app/v1/orders?limit=50', token);
    const fills = orders.body.data.items.flatMap((o) => o.fills.map((f) => f.executed_at));
    const firstFill = fills.reduce((a, b) => (Date.parse(a) < Date.parse(b) ? a : b));
    expect(earnedOn).toMatchObject({
      kyc_verified: istDayOf(kycAt),
      first_deposit: istDayOf(deposit!.at),
      first_trade: istDayOf(firstFill),
    });
    // The fifth sector came with a purchase months ago, not with the seed.
    const seedDay = istDayOf(t.clock.now());
    for (const [code, day] of Object.entries(earnedOn))
      expect(day < seedDay, `${code} earned on ${day}`).toBe(true);
  });

  it('counts its months with the firm from the KYC approval, months ago', async () => {
    const { at: kycAt } = await kycApprovedAt();
    const months = ageInMonths(kycAt, t.clock.now());
    expect(months).toBeGreaterThanOrEqual(6);
    const { body } = await t.api.get<TScore>('/stat/app/v1/score', token);
    const age = body.data.parts.find((p) => p.key === 'account_age')!;
    expect(age.detail).toContain(`${months} full months with the firm`);
    expect(age.points).toBe(Math.min(15, Math.floor((months * 15) / 12)));
  });

  it('shows Client Assets whose parts add up to its total, the holdings at their value today', async () => {
    const assets = (await t.api.get<TAssets>('/stat/app/v1/asset', token)).body.data;
    const portfolio = (await t.api.get<TPortfolio>('/stat/app/v1/portfolio', token)).body.data;
    const held = portfolio.holdings.reduce((sum, h) => sum + h.current_value_paise, 0);
    expect(assets.holdings_value_paise).toBe(held);
    expect(
      assets.cash_available_paise + assets.cash_on_hold_paise + assets.holdings_value_paise!,
    ).toBe(assets.total_paise);
    // What the holdings cost is another figure: it is not one of the parts.
    expect(assets.invested_value_paise).not.toBe(assets.holdings_value_paise);
  });

  it('states the support hours the chat keeps, so it reads "online" only inside them', async () => {
    const settings = (await t.api.get<TPublicSettings>('/system/app/v1/settings')).body.data;
    const chat = (await t.api.get<TChatHistory>('/chat/app/v1/messages', token)).body.data;
    const hours = chat.conversation.office_hours;
    expect(settings.support.hours).toBe(statedHours(hours));
    expect(settings.support.hours).toBe('Monday to Saturday, 9:00–18:00 IST');
    // Saturday 24 Nov 2029 (IST): online at 15:00, inside the stated 9:00–18:00; not at 18:30,
    // and never on the Sunday the contacts leave out.
    const at = (iso: string) => isOpenNow(hours, new Date(iso));
    expect(at('2029-11-24T15:00:00+05:30')).toBe(true);
    expect(at('2029-11-24T18:30:00+05:30')).toBe(false);
    expect(at('2029-11-25T12:00:00+05:30')).toBe(false);
  });
});
