/**
 * Decision 062 over HTTP: a loan's amount goes on the wire as rupee text (`amount`) and is read
 * to the paisa; the old `amount_paise` is still read for one release (the other credit tests
 * send it unchanged); both sent disagreeing is a 400 that changes nothing; the API reference
 * marks the old field deprecated.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FM, type TLoanQuote } from '@sampada/shared';
import {
  apiReference,
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { balancesOf, keyed, openDeposits } from '../funds/test-fixtures.ts';
import { applied, borrower, disbursed, loanOf, PERSONAL_ID } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ops1: SignedInStaff;
let ops2: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  ops1 = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
});
afterAll(async () => t?.close());

const repaymentsOf = async (loanId: string) =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from loan_repayments where loan_id = '${loanId}'`,
    )
  )[0]!.n;

describe('a loan’s amount in rupees on the wire', () => {
  it('quotes and applies for the rupees typed, to the paisa', async () => {
    const c = await borrower(t, { rupees: 0 });
    const terms = { product_id: PERSONAL_ID, amount: '50000.29', tenure_months: 6 };
    const quote = await t.api.post<TLoanQuote>('/loan/app/v1/quote', terms, c.token);
    expect(quote.status).toBe(200);
    expect(quote.body.data.amount_paise).toBe(5_000_029);
    const loan = await applied(t, c, terms);
    expect(loan.amount_paise).toBe(5_000_029);
  });

  it('repays ₹0.29 as exactly 29 paise, and refuses bad text and a disagreeing old field', async () => {
    const c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount: '50000',
      tenure_months: 6,
    });
    await disbursed(t, [ops1, ops2], loan);
    const cash = (await balancesOf(t, c.id)).cash_available;
    const path = `/loan/app/v1/loans/${loan.id}/repay`;

    const bad = await t.api.post(path, { amount: '0.295', pin: c.pin }, c.token, keyed());
    expect([bad.status, bad.body.message]).toEqual([400, FM.amountDecimals]);
    const both = await t.api.post(
      path,
      { amount: '0.30', amount_paise: 29, pin: c.pin },
      c.token,
      keyed(),
    );
    expect([both.status, both.body.message]).toEqual([
      400,
      'Send the amount once: `amount` is ₹0.30 but the deprecated `amount_paise` is ₹0.29.',
    ]);
    expect(await repaymentsOf(loan.id)).toBe(0);

    const paid = await t.api.post<{ amount_paise: number }>(
      path,
      { amount: '0.29', pin: c.pin },
      c.token,
      keyed(),
    );
    expect([paid.status, paid.body.data.amount_paise]).toEqual([200, 29]);
    expect((await balancesOf(t, c.id)).cash_available).toBe(cash - 29n);
    const agreeing = await t.api.post(
      path,
      { amount: '0.29', amount_paise: 29, pin: c.pin },
      c.token,
      keyed(),
    );
    expect(agreeing.status).toBe(200);
    expect((await loanOf(t, c, loan.id)).paid_principal_paise).toBe(58);
  });

  it('documents `amount` and marks `amount_paise` deprecated', async () => {
    type Body = { properties: Record<string, { deprecated?: boolean }> };
    const doc = await apiReference<{
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: Body }> } } }
      >;
    }>(t);
    const body =
      doc.paths['/loan/app/v1/loans/{id}/repay']!.post.requestBody.content['application/json']!
        .schema;
    expect(body.properties.amount).toBeDefined();
    expect(body.properties.amount?.deprecated).toBeUndefined();
    expect(body.properties.amount_paise?.deprecated).toBe(true);
  });
});
