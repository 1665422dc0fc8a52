/**
 * The console's foreclosure statement, on real PostgreSQL over HTTP with a moved clock: staff
 * read the very figures the client's app shows (principal, interest to yesterday, penal
 * charges, foreclosure charge, total, the IST day it holds to), reading twice posts nothing
 * twice, only whoever may read the loan reads it, and only an open loan has one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LM, type TForeclosureStatement } from '@sampada/shared';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { accrue, istDay } from './interest.ts';
import {
  applied,
  borrower,
  CONSOLE,
  DAY_MS,
  disbursed,
  loanOf,
  PERSONAL_ID,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
});
afterAll(async () => t?.close());

const officers = async () =>
  [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')] as [
    Awaited<ReturnType<typeof signInStaff>>,
    Awaited<ReturnType<typeof signInStaff>>,
  ];

const interestPostings = async (loanId: string) =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from ledger_postings where reference = 'loan:${loanId}' and kind = 'loan_interest'`,
    )
  )[0]!.n;

describe('the foreclosure statement in the console', () => {
  it("is the client's own statement to the paisa, read by operations; another advisor and support get 403", async () => {
    let c = await borrower(t, { rupees: 100_000 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    const ops = await signInStaff(t, 'operations');
    const url = `${CONSOLE}/loans/${loan.id}/foreclosure`;

    // Applied, not yet disbursed: nothing to close.
    const early = await t.api.get(url, ops.token);
    expect([early.status, early.body.message]).toEqual([400, LM.notDisbursed]);

    await disbursed(t, await officers(), loan);
    const rate = (await loanOf(t, c, loan.id)).annual_rate_bps;
    t.clock.advance(10 * DAY_MS);
    c = await signInAgain(t, c);
    const staff = await signInStaff(t, 'operations');

    const read = await t.api.get<TForeclosureStatement>(url, staff.token);
    expect(read.status).toBe(200);
    // By hand: ten days of interest on ₹50,000 (the disbursal day to yesterday), no penal
    // charge, no foreclosure charge; good to the end of today, IST.
    const interest = Number(accrue(5_000_000n, rate, 10, 0n).interest);
    const today = istDay(t.clock.now());
    expect(read.body.data).toEqual({
      loan_id: loan.id,
      as_of: today,
      valid_until: today,
      principal_paise: 5_000_000,
      interest_paise: interest,
      penal_paise: 0,
      waived_paise: 0,
      foreclosure_charge_paise: 0,
      foreclosure_charge_gst_paise: 0,
      total_paise: 5_000_000 + interest,
      per_day_interest_paise: Number(accrue(5_000_000n, rate, 1, 0n).interest),
      cooling_off: false,
      cooling_off_until: null,
    });

    // The client's app shows the same figures; reading again posts no interest twice.
    const postings = await interestPostings(loan.id);
    expect(postings).toBeGreaterThan(0);
    const clients = await t.api.get<TForeclosureStatement>(
      `/loan/app/v1/loans/${loan.id}/foreclosure`,
      c.token,
    );
    expect(clients.body.data).toEqual(read.body.data);
    expect((await t.api.get(url, staff.token)).body.data).toEqual(read.body.data);
    expect(await interestPostings(loan.id)).toBe(postings);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);

    for (const role of ['advisor', 'support'] as const) {
      const other = await signInStaff(t, role);
      expect((await t.api.get(url, other.token)).status).toBe(403);
    }
    const unknown = await t.api.get(
      `${CONSOLE}/loans/00000000-0000-4000-8000-000000000000/foreclosure`,
      staff.token,
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, LM.loanNotFound]);
  });
});
