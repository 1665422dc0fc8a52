/** Fund records, receipts, statements (CSV and PDF) and assets: each client sees only their own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FM,
  type TAssets,
  type TBankCard,
  type TFundRecord,
  type TPage,
  type TReceipt,
  type TWithdrawalView,
} from '@sampada/shared';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import {
  addCard,
  fund,
  KYC_NAME,
  keyed,
  moneyClient,
  type MoneyClient,
  openDeposits,
  signInAgain,
  system,
} from './test-fixtures.ts';

let t: TestApp;
let c: MoneyClient;
let card: TBankCard;
let paid: TWithdrawalView;
const day = (date: Date) => new Date(date.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
let firstDay: string;
let lastDay: string;

/** History: deposit ₹50,000 (day 1); withdraw ₹1,234.50 (day 2), paid; withdraw ₹100 cancelled. */
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  c = await moneyClient(t);
  firstDay = day(t.clock.now());
  await fund(t, c, 50000);
  t.clock.advance(86_400_000);
  c = await signInAgain(t, c);
  card = await addCard(t, c);
  paid = (
    await t.api.post<TWithdrawalView>(
      '/funds/app/v1/withdrawals',
      { amount: '1234.50', bank_card_id: card.id, pin: c.pin },
      c.token,
      keyed(),
    )
  ).body.data;
  await t.ctx.funds.withdrawals.decide(paid.id, 'pay', {
    staffId: (await t.ctx.staff.listStaff())[0]!.id,
    actor: system,
    bankReference: 'SBINN52026112000999',
  });
  const cancelled = await t.api.post<TWithdrawalView>(
    '/funds/app/v1/withdrawals',
    { amount: 100, bank_card_id: card.id, pin: c.pin },
    c.token,
    keyed(),
  );
  await t.api.post(
    `/funds/app/v1/withdrawals/${cancelled.body.data.id}/cancel`,
    {},
    c.token,
    keyed(),
  );
  lastDay = day(t.clock.now());
});
afterAll(async () => t.close());

const records = (query = '', token = c.token) =>
  t.api.get<TPage<TFundRecord>>(`/funds/app/v1/records${query}`, token);

describe('fund records', () => {
  it('lists every line on the client’s accounts, newest first, with the balance after', async () => {
    const { body } = await records();
    expect(
      body.data.items.map((r) => [r.type, r.account, r.amount_paise, r.balance_after_paise]),
    ).toEqual([
      ['withdrawal_release', 'cash_available', 10_000, 4_876_550],
      ['withdrawal_release', 'cash_on_hold', -10_000, 0],
      ['withdrawal_hold', 'cash_on_hold', 10_000, 10_000],
      ['withdrawal_hold', 'cash_available', -10_000, 4_866_550],
      ['withdrawal_paid', 'cash_on_hold', -123_450, 0],
      ['withdrawal_hold', 'cash_on_hold', 123_450, 123_450],
      ['withdrawal_hold', 'cash_available', -123_450, 4_876_550],
      ['deposit', 'cash_available', 5_000_000, 5_000_000],
    ]);
    expect(body.data.items[4]!.memo).toBe('Withdrawal paid, bank reference SBINN52026112000999');
    expect(body.data.items[4]!.reference).toBe(`withdrawal:${paid.id}`);
    expect(body.data.next_cursor).toBeNull();
  });

  it('pages with a cursor and filters by type and by day (Asia/Kolkata)', async () => {
    const first = await records('?limit=3');
    expect(first.body.data.items).toHaveLength(3);
    const second = await records(`?limit=3&cursor=${first.body.data.next_cursor}`);
    const third = await records(`?limit=3&cursor=${second.body.data.next_cursor}`);
    expect(third.body.data.next_cursor).toBeNull();
    const ids = [first, second, third].flatMap((p) => p.body.data.items.map((r) => r.id));
    expect(new Set(ids).size).toBe(8);

    const deposits = await records('?type=deposit');
    expect(deposits.body.data.items.map((r) => r.type)).toEqual(['deposit']);
    const dayOne = await records(`?from=${firstDay}&to=${firstDay}`);
    expect(dayOne.body.data.items.map((r) => r.type)).toEqual(['deposit']);
    const dayTwo = await records(`?from=${lastDay}`);
    expect(dayTwo.body.data.items).toHaveLength(7);

    const badDate = await records('?from=2026-02-30');
    expect([badDate.status, badDate.body.message]).toEqual([400, FM.dateInvalid]);
    const backwards = await records(`?from=${lastDay}&to=${firstDay}`);
    expect(backwards.body.message).toBe(FM.dateRangeInvalid);
    expect((await records('?limit=101')).status).toBe(400);
    expect((await records('?type=gift')).status).toBe(400);
  });

  it('shows another client nothing of this one (IDOR)', async () => {
    const other = await moneyClient(t);
    expect((await records('', other.token)).body.data.items).toEqual([]);
    const postingId = (await records()).body.data.items[0]!.posting_id;
    const receipt = await t.api.get(`/funds/app/v1/records/${postingId}`, other.token);
    expect([receipt.status, receipt.body.message]).toEqual([404, FM.recordNotFound]);
    expect((await t.api.get(`/funds/app/v1/withdrawals/${paid.id}`, other.token)).status).toBe(404);
    const statement = await t.api.raw(`/funds/app/v1/statement?from=${firstDay}&to=${lastDay}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(await statement.text()).not.toContain(c.mobile.slice(3));
  });
});

describe('receipt', () => {
  it('shows the posting’s lines on the client’s accounts and what it settled', async () => {
    const paidLine = (await records('?type=withdrawal_paid')).body.data.items[0]!;
    const reply = await t.api.get<TReceipt>(
      `/funds/app/v1/records/${paidLine.posting_id}`,
      c.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      type: 'withdrawal_paid',
      reference: `withdrawal:${paid.id}`,
      deposit: null,
      withdrawal: { id: paid.id, status: 'paid', bank_reference: 'SBINN52026112000999' },
    });
    // The firm's side of the posting is not the client's business.
    expect(reply.body.data.lines.map((l) => l.account)).toEqual(['cash_on_hold']);

    const depositLine = (await records('?type=deposit')).body.data.items[0]!;
    const deposit = await t.api.get<TReceipt>(
      `/funds/app/v1/records/${depositLine.posting_id}`,
      c.token,
    );
    expect(deposit.body.data.deposit).toMatchObject({ status: 'confirmed', method: 'NEFT' });
    expect((await t.api.get('/funds/app/v1/records/99999999', c.token)).status).toBe(404);
  });
});

describe('statement', () => {
  it('as CSV: name, UID, opening and closing balances, debits and credits in ₹ en-IN', async () => {
    const response = await t.api.raw(`/funds/app/v1/statement?from=${lastDay}&to=${lastDay}`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const uid = (await t.ctx.clients.byId(c.id)).uid;
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${uid}-${lastDay}-to-${lastDay}.csv"`,
    );
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines.slice(1, 4)).toEqual([`Client,${KYC_NAME}`, `UID,${uid}`, `Account,SMP${uid}`]);
    expect(lines).toContain('Cash available,"₹50,000.00","₹48,765.50"');
    expect(lines).toContain('Cash on hold,₹0.00,₹0.00');
    const header = lines.indexOf(
      'Date (IST),Type,Account,Description,Reference,Debit,Credit,Balance',
    );
    // The ledger lines run to the blank line before the trades' charges and the nominees.
    const rest = lines.slice(header + 1);
    const body = rest.slice(0, rest.indexOf(''));
    expect(body).toHaveLength(7);
    expect(rest).toContain('Nominees,No nominee on record');
    expect(body[0]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Withdrawal requested,Cash available,Withdrawal to State Bank of India XXXX9012 requested,withdrawal:[0-9a-f-]{36},"₹1,234.50",,"₹48,765.50"$/,
    );
    expect(body[2]).toContain(
      'Withdrawal paid,Cash on hold,"Withdrawal paid, bank reference SBINN52026112000999"',
    );
  });

  it('as PDF', async () => {
    const response = await t.api.raw(
      `/funds/app/v1/statement?from=${firstDay}&to=${lastDay}&format=pdf`,
      { headers: { authorization: `Bearer ${c.token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('refuses a period longer than a year or written wrongly', async () => {
    const long = await t.api.get('/funds/app/v1/statement?from=2025-01-01&to=2026-06-01', c.token);
    expect([long.status, long.body.message]).toEqual([400, FM.statementTooLong]);
    const bad = await t.api.get('/funds/app/v1/statement?from=01-01-2026&to=2026-06-01', c.token);
    expect([bad.status, bad.body.message]).toEqual([400, FM.dateInvalid]);
  });
});

describe('assets', () => {
  it('sums cash available and on hold in paise only; with no holdings, invested value is a measured 0', async () => {
    const reply = await t.api.get<TAssets>('/stat/app/v1/asset', c.token);
    expect(reply.body.data).toEqual({
      currency: 'INR',
      cash_available_paise: 4_876_550,
      cash_on_hold_paise: 0,
      invested_value_paise: 0,
      holdings_tracked: true,
      holdings_value_paise: 0,
      unrealised_pnl_paise: 0,
      total_paise: 4_876_550,
      loan_balance_paise: 0,
    });
    expect((await t.api.get('/stat/app/v1/asset')).status).toBe(401);
  });
});
