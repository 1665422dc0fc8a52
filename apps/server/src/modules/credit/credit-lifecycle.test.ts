/**
 * A loan's life over real HTTP: quote, apply with a pledge, two approvals above the
 * threshold, disbursal through the ledger, daily interest, repayment in part and in full,
 * closure with the pledge released — with the ledger checked after each step.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type TConsoleLoan,
  type TFundRecord,
  type TLoanQuote,
  type TPage,
  TM,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { balancesOf, openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { placeOrder, runMarket } from '../trading/test-fixtures.ts';
import {
  applied,
  borrower,
  buyShares,
  CONSOLE,
  DAY_MS,
  decide,
  LAS_ID,
  loanOf,
  PERSONAL_ID,
  priceOf,
  productsOf,
  repay,
  todayOf,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ops1: SignedInStaff;
let ops2: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  ops1 = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
  await runMarket(t, 4);
});
afterAll(async () => t?.close());

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const firmLoans = async () => (await t.ctx.ledger.firmBalances()).loans;

describe('quote', () => {
  it('a personal loan: EMI schedule repays the amount; fee, GST, APR and net disbursal', async () => {
    const c = await borrower(t, { rupees: 0 });
    const reply = await t.api.post<TLoanQuote>(
      '/loan/app/v1/quote',
      { product_id: PERSONAL_ID, amount_paise: 30_000_000, tenure_months: 12 },
      c.token,
    );
    expect(reply.status).toBe(200);
    const q = reply.body.data;
    expect(q.repayment).toBe('emi');
    expect(q.schedule).toHaveLength(12);
    expect(q.schedule.reduce((s, i) => s + i.principal_paise, 0)).toBe(30_000_000);
    expect(q.schedule.at(-1)!.balance_after_paise).toBe(0);
    expect(q.total_interest_paise).toBe(q.schedule.reduce((s, i) => s + i.interest_paise, 0));
    // 1.5% fee and 18% GST on it.
    expect(q.processing_fee_paise).toBe(450_000);
    expect(q.fee_gst_paise).toBe(81_000);
    expect(q.net_disbursal_paise).toBe(30_000_000 - 450_000 - 81_000);
    // 14% a year, monthly: about 14.9% effective, more with the fee.
    expect(q.apr_bps).toBeGreaterThan(1_490);
    expect(q.eligibility_paise).toBeNull();
  });
});

describe('a loan against shares from application to closure', () => {
  it('pledge, two approvals, disbursal, interest, repayment, closure and release', async () => {
    const c = await borrower(t, { rupees: 1_000_000 });
    await buyShares(t, c, 'INFY', 400);
    const price = priceOf(t, 'INFY');
    const value = price * 300n;
    const eligible = value / 2n;

    const catalogue = await productsOf(t, c);
    expect(catalogue.items.map((p) => p.id)).toEqual([LAS_ID, PERSONAL_ID]);
    expect(catalogue.holdings).toEqual([
      expect.objectContaining({ symbol: 'INFY', quantity: 400, free_quantity: 400 }),
    ]);

    // ₹2,50,000 or the eligibility, whichever is less, but above the ₹2,00,000 threshold.
    const amount = eligible < 25_000_000n ? eligible : 25_000_000n;
    expect(amount).toBeGreaterThan(20_000_000n);
    const loan = await applied(t, c, {
      product_id: LAS_ID,
      amount_paise: Number(amount),
      tenure_months: 6,
      pledges: [{ symbol: 'INFY', quantity: 300 }],
    });
    expect(loan).toMatchObject({
      status: 'applied',
      approvals: 0,
      approvals_required: 2,
      repayment: 'interest_only',
      pledge_value_paise: Number(value),
    });
    expect(loan.pledges).toEqual([
      expect.objectContaining({ symbol: 'INFY', quantity: 300, released: false }),
    ]);

    // Pledged shares cannot be sold: 100 free, 300 pledged.
    const sell = await placeOrder(t, c, {
      type: 'market',
      symbol: 'INFY',
      side: 'sell',
      quantity: 101,
    });
    expect([sell.status, sell.body.message]).toEqual([400, TM.insufficientHolding]);

    // The queue lists it; the first approval records, the same officer cannot give the second.
    const queue = await t.api.get<TPage<TConsoleLoan>>(`${CONSOLE}/loans`, ops1.token);
    expect(queue.body.data.items.map((l) => l.id)).toContain(loan.id);
    const first = await decide(t, ops1, loan.id, 'approve', { reason: 'Pledge verified' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'applied', approvals: 1 });
    const again = await decide(t, ops1, loan.id, 'approve');
    expect(again.status).toBe(409);
    const early = await decide(t, ops2, loan.id, 'disburse');
    expect(early.status).toBe(409);
    const second = await decide(t, ops2, loan.id, 'approve');
    expect(second.body.data).toMatchObject({ status: 'approved', approvals: 2 });
    expect(second.body.data.approved_by).toEqual([ops1.email, ops2.email]);

    const cashBefore = (await balancesOf(t, c.id)).cash_available;
    const loansBefore = await firmLoans();
    const disbursed = await decide(t, ops1, loan.id, 'disburse');
    expect(disbursed.status).toBe(200);
    const fee = BigInt(disbursed.body.data.processing_fee_paise);
    const gst = BigInt(disbursed.body.data.fee_gst_paise);
    expect(fee).toBe((amount * 50n + 5_000n) / 10_000n);
    expect((await balancesOf(t, c.id)).cash_available - cashBefore).toBe(amount - fee - gst);
    expect(loansBefore - (await firmLoans())).toBe(amount);
    await ledgerOk();

    // The disbursal is a fund record of the client, fee itemised in its memo.
    const records = await t.api.get<TPage<TFundRecord>>(
      '/funds/app/v1/records?type=loan_disbursal',
      c.token,
    );
    expect(records.body.data.items).toHaveLength(1);
    expect(records.body.data.items[0]!.memo).toContain('processing fee');

    // Ten days pass: interest accrues day by day, once, on the principal.
    t.clock.advance(10 * DAY_MS);
    const c2 = await signInAgain(t, c);
    const run = await t.ctx.credit.servicing.runAccrual();
    expect(run.days).toBeGreaterThanOrEqual(10);
    const again2 = await t.ctx.credit.servicing.runAccrual();
    expect(again2.days).toBe(0);
    const mid = await loanOf(t, c2, loan.id);
    const expected = (amount * 1_050n * BigInt(run.days)) / 3_650_000n;
    expect(BigInt(mid.accrued_interest_paise)).toBe(expected);
    expect(mid.outstanding_paise).toBe(Number(amount + expected));
    expect(await firmLoans()).toBe(loansBefore - amount - expected);
    await ledgerOk();
    // Engagement's one read of the client's loans owes what the loan shows.
    const record = (await t.ctx.credit.punctuality.recordsOf([c.id], todayOf(t))).get(c.id)!;
    expect(record).toMatchObject({ owedPaise: amount + expected, closed: 0 });
    expect(record.owedPaise).toBe(await t.ctx.credit.loans.balanceOf(c.id));

    // Before the first due date nothing is due: a part payment prepays principal, and the
    // interest accrued stays accrued-not-due (allocation.ts).
    const part = await repay(t, c2, loan.id, expected + 100_000n);
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({
      interest_paise: 0,
      principal_paise: Number(expected) + 100_000,
      fees_paise: 0,
    });
    expect(part.body.data.loan.status).toBe('disbursed');
    expect(part.body.data.loan.accrued_not_due_paise).toBe(Number(expected));

    // The rest in full (no day has passed: nothing more accrues), and the loan closes.
    const rest = (await loanOf(t, c2, loan.id)).outstanding_paise;
    expect(rest).toBe(Number(amount - 100_000n));
    const full = await repay(t, c2, loan.id, rest);
    expect(full.status).toBe(200);
    expect(full.body.data.loan.status).toBe('closed');
    const closed = await loanOf(t, c2, loan.id);
    expect(closed.pledges[0]!.released).toBe(true);
    expect((await t.ctx.credit.punctuality.recordsOf([c.id], todayOf(t))).get(c.id)).toMatchObject({
      owedPaise: 0n,
      closed: 1,
    });
    expect(closed.events.map((e) => e.kind)).toEqual([
      'apply',
      'approve_first',
      'approve',
      'disburse',
      'repay',
      'repay',
      'close',
    ]);
    const [holding] = await sqlRows<{ pledged: string }>(
      t,
      `select pledged from holdings where client_id = '${c.id}' and symbol = 'INFY'`,
    );
    expect(Number(holding!.pledged)).toBe(0);
    expect(await firmLoans()).toBe(loansBefore);
    await ledgerOk();
  });
});
