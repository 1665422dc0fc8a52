/**
 * Bad input gets a clear 400 and nothing changes: amount outside the product's range or above
 * eligibility, a tenure not offered, pledging more than is free, repaying above the
 * outstanding or above cash, a second open loan of one product. The flag off refuses new
 * borrowing only (an open loan is still read and repaid); another client's loan is 404; advisors read, never decide.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LM,
  type TConsoleLoan,
  type TLoanDetail,
  type TMenuItem,
  type TPage,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  apiReference,
  signUpClient,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { viewerFor } from '../../platform/viewer.ts';
import { balancesOf, keyed, moneyClient, openDeposits, system } from '../funds/test-fixtures.ts';
import { runMarket } from '../trading/test-fixtures.ts';
import {
  allowLoans,
  applied,
  apply,
  borrower,
  buyShares,
  CONSOLE,
  decide,
  disbursed,
  keyFacts,
  LAS_ID,
  PERSONAL_ID,
  priceOf,
  repay,
} from './test-fixtures.ts';
import { noticeOf } from '../notifications/test-fixtures.ts';

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
const loansOf = async (clientId: string) =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from loans where client_id = '${clientId}'`,
    )
  )[0]!.n;
const pledgedOf = async (clientId: string, symbol: string) =>
  Number(
    (
      await sqlRows<{ pledged: string }>(
        t,
        `select pledged from holdings where client_id = '${clientId}' and symbol = '${symbol}'`,
      )
    )[0]?.pledged ?? 0,
  );

const personal = (amount: number, tenure = 12) => ({
  product_id: PERSONAL_ID,
  amount_paise: amount,
  tenure_months: tenure,
});

const menuPaths = async (token: string) =>
  (await t.api.get<TMenuItem[]>('/auth/app/v1/menu', token)).body.data.map((m) => m.path);

describe('the allow_loan flag', () => {
  it('off: products, quote and apply answer 403, before the body is read', async () => {
    const c = await borrower(t, { rupees: 0, allowLoan: false });
    const replies = await Promise.all([
      t.api.get('/loan/app/v1/products', c.token),
      t.api.post('/loan/app/v1/quote', {}, c.token),
      t.api.post('/loan/app/v1/apply', personal(5_000_000), c.token, keyed()),
    ]);
    for (const reply of replies)
      expect([reply.status, reply.body.message]).toEqual([403, LM.loanNotAllowed]);
    // Without a loan the list is simply empty; an unknown loan is 404, not 403.
    const list = await t.api.get<{ items: unknown[] }>('/loan/app/v1/loans', c.token);
    expect([list.status, list.body.data.items]).toEqual([200, []]);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.api.get(`/loan/app/v1/loans/${id}`, c.token)).status).toBe(404);
    expect((await t.api.get('/loan/app/v1/products')).status).toBe(401);
    // No flag and no loan: Credit is not in the menu.
    expect(await menuPaths(c.token)).not.toContain('/credit');
  });

  it('turned off while a loan is open: the borrower still sees it and repays; no new loan', async () => {
    const c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, personal(5_000_000, 6));
    await disbursed(t, [ops1, ops2], loan);
    await t.ctx.clients.setFlags(
      viewerFor({ staffId: '00000000-0000-4000-8000-000000000000', roles: ['admin'] }),
      c.id,
      { allow_loan: false },
      system,
    );
    const list = await t.api.get<{ items: { id: string }[] }>('/loan/app/v1/loans', c.token);
    expect([list.status, list.body.data.items.map((l) => l.id)]).toEqual([200, [loan.id]]);
    const one = await t.api.get<TLoanDetail>(`/loan/app/v1/loans/${loan.id}`, c.token);
    expect([one.status, one.body.data.status]).toEqual([200, 'disbursed']);
    const paid = await repay(t, c, loan.id, 100_000);
    expect(paid.status).toBe(200);
    // Credit, where the loan is listed, stays in the menu.
    expect(await menuPaths(c.token)).toContain('/credit');
    const again = await apply(t, c, {
      product_id: LAS_ID,
      amount_paise: 5_000_000,
      tenure_months: 6,
    });
    expect([again.status, again.body.message]).toEqual([403, LM.loanNotAllowed]);
    await ledgerOk();
  });

  it('on, but KYC not approved: quoting and applying are 403', async () => {
    const c = await signUpClient(t);
    await allowLoans(t, c.id);
    const quote = await t.api.post('/loan/app/v1/quote', personal(5_000_000), c.token);
    expect([quote.status, quote.body.message]).toEqual([403, LM.kycRequired]);
    const reply = await t.api.post(
      '/loan/app/v1/apply',
      { ...personal(5_000_000), pin: 'f'.repeat(32) },
      c.token,
      keyed(),
    );
    expect([reply.status, reply.body.message]).toEqual([403, LM.kycRequired]);
  });
});

describe('400s, and nothing changes', () => {
  it('amount outside the product range, tenure not offered, pledge on a personal loan', async () => {
    const c = await borrower(t, { rupees: 0 });
    const cases: [object, string][] = [
      [personal(999_999), LM.amountBelowMin(1_000_000)],
      [personal(50_000_001), LM.amountAboveMax(50_000_000)],
      [personal(5_000_000, 7), LM.tenureNotOffered([6, 12, 18, 24, 36])],
      [{ ...personal(5_000_000), pledges: [{ symbol: 'INFY', quantity: 1 }] }, LM.pledgeNotAllowed],
      [{ ...personal(5_000_000), amount_paise: 'ten' }, LM.amountInvalid],
      [{ ...personal(5_000_000), amount_paise: 0 }, LM.amountPositive],
      [{ product_id: LAS_ID, amount_paise: 5_000_000, tenure_months: 6 }, LM.pledgeRequired],
    ];
    for (const [body, message] of cases) {
      const quote = await t.api.post('/loan/app/v1/quote', body, c.token);
      expect([quote.status, quote.body.message]).toEqual([400, message]);
      const reply = await apply(t, c, body as never);
      expect([reply.status, reply.body.message]).toEqual([400, message]);
    }
    expect(await loansOf(c.id)).toBe(0);
  });

  it('above eligibility, and pledging more shares than are free', async () => {
    const c = await borrower(t, { rupees: 600_000 });
    await buyShares(t, c, 'TCS', 100);
    const eligible = (priceOf(t, 'TCS') * 100n * 5_000n) / 10_000n;
    const above = await apply(t, c, {
      product_id: LAS_ID,
      amount_paise: Number(eligible + 1n),
      tenure_months: 6,
      pledges: [{ symbol: 'TCS', quantity: 100 }],
    });
    expect([above.status, above.body.message]).toEqual([400, LM.amountAboveEligibility(eligible)]);
    const beyond = await apply(t, c, {
      product_id: LAS_ID,
      amount_paise: 2_500_000,
      tenure_months: 6,
      pledges: [{ symbol: 'TCS', quantity: 101 }],
    });
    expect([beyond.status, beyond.body.message]).toEqual([400, LM.pledgeBeyondFree('TCS')]);
    const notHeld = await apply(t, c, {
      product_id: LAS_ID,
      amount_paise: 2_500_000,
      tenure_months: 6,
      pledges: [{ symbol: 'WIPRO', quantity: 1 }],
    });
    expect([notHeld.status, notHeld.body.message]).toEqual([400, LM.pledgeBeyondFree('WIPRO')]);
    expect(await loansOf(c.id)).toBe(0);
    expect(await pledgedOf(c.id, 'TCS')).toBe(0);

    // Pledged once, the same shares cannot be pledged again (by another product's loan).
    await applied(t, c, {
      product_id: LAS_ID,
      amount_paise: 2_500_000,
      tenure_months: 6,
      pledges: [{ symbol: 'TCS', quantity: 60 }],
    });
    expect(await pledgedOf(c.id, 'TCS')).toBe(60);
    const quote = await t.api.post(
      '/loan/app/v1/quote',
      {
        product_id: LAS_ID,
        amount_paise: 2_500_000,
        tenure_months: 6,
        pledges: [{ symbol: 'TCS', quantity: 41 }],
      },
      c.token,
    );
    expect([quote.status, quote.body.message]).toEqual([400, LM.pledgeBeyondFree('TCS')]);
  });

  it('a second open loan of the same product', async () => {
    const c = await borrower(t, { rupees: 0 });
    await applied(t, c, personal(5_000_000));
    const second = await apply(t, c, personal(6_000_000));
    expect([second.status, second.body.message]).toEqual([400, LM.loanOpen]);
    expect(await loansOf(c.id)).toBe(1);
  });

  it('a repayment above the outstanding or above cash; an inactive loan cannot be repaid', async () => {
    const c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, personal(5_000_000, 6));
    const early = await repay(t, c, loan.id, 100);
    expect([early.status, early.body.message]).toEqual([400, LM.notDisbursed]);
    await disbursed(t, [ops1, ops2], loan);
    const cash = (await balancesOf(t, c.id)).cash_available;
    // Outstanding ₹50,000 (nothing accrued yet); cash is the amount less the fee and GST.
    const above = await repay(t, c, loan.id, 5_000_001);
    expect([above.status, above.body.message]).toEqual([400, LM.repayAboveOutstanding(5_000_000n)]);
    const beyondCash = await repay(t, c, loan.id, cash + 1n);
    expect([beyondCash.status, beyondCash.body.message]).toEqual([400, LM.repayAboveCash]);
    expect((await balancesOf(t, c.id)).cash_available).toBe(cash);
    const [row] = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from loan_repayments where loan_id = '${loan.id}'`,
    );
    expect(row!.n).toBe(0);
    await ledgerOk();
  });

  it('a wrong PIN counts and changes nothing', async () => {
    const c = await borrower(t, { rupees: 0 });
    const kfs = (await keyFacts(t, c, personal(5_000_000))).body.data;
    const reply = await t.api.post(
      '/loan/app/v1/apply',
      { ...personal(5_000_000), kfs_id: kfs.id, pin: 'f'.repeat(32) },
      c.token,
      keyed(),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/Incorrect PIN/);
    expect(await loansOf(c.id)).toBe(0);
  });
});

describe('whose loan', () => {
  it("another client's loan is 404 on read, repay and cancel", async () => {
    const owner = await borrower(t, { rupees: 0 });
    const other = await borrower(t, { rupees: 100_000 });
    const loan = await applied(t, owner, personal(5_000_000));
    const replies = [
      await t.api.get(`/loan/app/v1/loans/${loan.id}`, other.token),
      await repay(t, other, loan.id, 100),
      await t.api.post(`/loan/app/v1/loans/${loan.id}/cancel`, {}, other.token),
    ];
    for (const reply of replies)
      expect([reply.status, reply.body.message]).toEqual([404, LM.loanNotFound]);
    const list = await t.api.get<{ items: TLoanDetail[] }>('/loan/app/v1/loans', other.token);
    expect(list.body.data.items).toEqual([]);
    // The owner may cancel; a second cancel is 409.
    const cancel = await t.api.post<TLoanDetail>(
      `/loan/app/v1/loans/${loan.id}/cancel`,
      {},
      owner.token,
    );
    expect(cancel.body.data.status).toBe('cancelled');
    const again = await t.api.post(`/loan/app/v1/loans/${loan.id}/cancel`, {}, owner.token);
    expect([again.status, again.body.message]).toEqual([409, LM.cannotCancel('cancelled')]);
  });

  it("advisors read only their own clients' loans and cannot decide", async () => {
    const advisor = await signInStaff(t, 'advisor');
    const mine = await moneyClient(t, { advisorId: advisor.id });
    await allowLoans(t, mine.id);
    const theirs = await borrower(t, { rupees: 0 });
    const myLoan = await applied(t, mine, personal(5_000_000));
    const theirLoan = await applied(t, theirs, personal(5_000_000));
    const list = await t.api.get<TPage<TConsoleLoan>>(`${CONSOLE}/loans?status=all`, advisor.token);
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((l) => l.id)).toEqual([myLoan.id]);
    expect((await t.api.get(`${CONSOLE}/loans/${myLoan.id}`, advisor.token)).status).toBe(200);
    const theirs404 = await t.api.get(`${CONSOLE}/loans/${theirLoan.id}`, advisor.token);
    expect([theirs404.status, theirs404.body.message]).toEqual([
      403,
      'This client belongs to another advisor.',
    ]);
    expect((await decide(t, advisor, myLoan.id, 'approve')).status).toBe(403);
    expect((await t.api.get(`${CONSOLE}/shortfalls`, advisor.token)).status).toBe(200);
    // Support has no loan routes; operations cannot edit products (admin only).
    const support = await signInStaff(t, 'support');
    expect((await t.api.get(`${CONSOLE}/loans`, support.token)).status).toBe(403);
    expect(
      (await t.api.put(`${CONSOLE}/settings`, { approval_threshold_paise: 0 }, ops1.token)).status,
    ).toBe(403);
  });

  it('a rejection needs a reason and releases the pledge', async () => {
    const c = await borrower(t, { rupees: 600_000 });
    await buyShares(t, c, 'HDFCBANK', 200);
    const loan = await applied(t, c, {
      product_id: LAS_ID,
      amount_paise: 2_500_000,
      tenure_months: 3,
      pledges: [{ symbol: 'HDFCBANK', quantity: 150 }],
    });
    expect(await pledgedOf(c.id, 'HDFCBANK')).toBe(150);
    const noReason = await decide(t, ops1, loan.id, 'reject', {});
    expect([noReason.status, noReason.body.message]).toEqual([400, LM.reasonRequired]);
    const rejected = await decide(t, ops1, loan.id, 'reject', {
      reason: 'Pledge too concentrated',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'Pledge too concentrated',
    });
    expect(await pledgedOf(c.id, 'HDFCBANK')).toBe(0);
    expect(await noticeOf(t, c, loan.id)).toEqual([
      expect.objectContaining({
        kind: 'loan.reject',
        detail: { type: 'amount', amount_paise: 2_500_000, reason: 'Pledge too concentrated' },
      }),
    ]);
    const late = await decide(t, ops2, loan.id, 'approve');
    expect([late.status, late.body.message]).toEqual([409, LM.alreadyStatus('rejected')]);
  });
});

describe('OpenAPI', () => {
  it('documents the credit calls and the Idempotency-Key that applying and repaying need', async () => {
    const doc = await apiReference<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>(t, ops1.token);
    for (const path of [
      '/loan/app/v1/products',
      '/loan/app/v1/quote',
      '/loan/app/v1/apply',
      '/loan/app/v1/loans',
      '/loan/app/v1/loans/{id}',
      '/loan/app/v1/loans/{id}/repay',
      '/loan/app/v1/loans/{id}/cancel',
      '/console/api/v1/credit/loans',
      '/console/api/v1/credit/loans/{id}/approve',
      '/console/api/v1/credit/loans/{id}/invoke-pledge',
      '/console/api/v1/credit/shortfalls',
      '/console/api/v1/credit/products',
      '/console/api/v1/credit/settings',
    ])
      expect(doc.paths, path).toHaveProperty([path]);
    for (const path of ['/loan/app/v1/apply', '/loan/app/v1/loans/{id}/repay']) {
      const headers = doc.paths[path]!.post!.parameters!.filter((p) => p.in === 'header');
      expect(headers.map((h) => h.name)).toContain('idempotency-key');
    }
  });
});
