/**
 * A loan's papers and early closure, on real PostgreSQL over HTTP with a moved clock: the key
 * fact statement accepted before applying (and downloadable as a PDF), the foreclosure
 * statement and foreclosure through the ledger, the cooling-off exit at principal and interest
 * only, the no-dues letter, and a burst of foreclosures and repayments on one loan.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CREDIT_GRIEVANCE_OFFICER,
  KFS_VALID_DAYS,
  LM,
  type TForeclosureStatement,
  type TKeyFactStatement,
  type TLoanQuote,
  type TRepayment,
} from '@sampada/shared';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  balancesOf,
  keyed,
  type MoneyClient,
  openDeposits,
  signInAgain,
} from '../funds/test-fixtures.ts';
import { accrue, istDay } from './interest.ts';
import {
  apply,
  applied,
  borrower,
  buyShares,
  DAY_MS,
  disbursed,
  keyFacts,
  LAS_ID,
  loanOf,
  PERSONAL_ID,
  repay,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const run = promisify(execFile);
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  dir = mkdtempSync(path.join(os.tmpdir(), 'credit-papers-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const personal = (amount: number, tenure = 12) => ({
  product_id: PERSONAL_ID,
  amount_paise: amount,
  tenure_months: tenure,
});

/** A PDF answer's text, read by poppler's pdftotext. */
async function pdfText(url: string, token: string) {
  const reply = await t.api.raw(url, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/application\/pdf/);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(await reply.arrayBuffer()));
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, ' ');
}

const officers = async () =>
  [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')] as [
    Awaited<ReturnType<typeof signInStaff>>,
    Awaited<ReturnType<typeof signInStaff>>,
  ];

const statementOf = (c: MoneyClient, loanId: string) =>
  t.api.get<TForeclosureStatement>(`/loan/app/v1/loans/${loanId}/foreclosure`, c.token);
const foreclose = (c: MoneyClient, loanId: string, amount: number) =>
  t.api.post<TRepayment>(
    `/loan/app/v1/loans/${loanId}/foreclose`,
    { amount_paise: amount, pin: c.pin },
    c.token,
    keyed(),
  );
const moveDays = (n: number) => t.clock.advance(n * DAY_MS);

describe('the key fact statement', () => {
  it("is the quote in RBI's terms, accepted by applying with it, and kept as a PDF", async () => {
    const c = await borrower(t, { rupees: 0 });
    const quote = await t.api.post<TLoanQuote>('/loan/app/v1/quote', personal(5_000_000), c.token);
    const kfs = await keyFacts(t, c, personal(5_000_000));
    expect(kfs.status).toBe(200);
    const k = kfs.body.data;
    const q = quote.body.data;
    expect(k).toMatchObject({
      amount_paise: 5_000_000,
      annual_rate_bps: q.annual_rate_bps,
      instalment_paise: q.instalment_paise,
      processing_fee_paise: q.processing_fee_paise,
      fee_gst_paise: q.fee_gst_paise,
      net_disbursal_paise: q.net_disbursal_paise,
      total_repayable_paise: q.total_repayable_paise,
      apr_bps: q.apr_bps,
      other_charges_paise: 0,
      instalments: 12,
      cooling_off_days: 3,
      grievance: { email: CREDIT_GRIEVANCE_OFFICER.email },
      accepted_at: null,
      loan_id: null,
    });
    // The APR is the all-in cost: above the rate once the fee and its GST are counted.
    expect(k.apr_bps).toBeGreaterThan(k.annual_rate_bps);
    expect(k.penal.text).toMatch(/never compounded/);
    expect(k.schedule).toEqual(q.schedule);

    // Applying needs a KFS: none, another client's, or one for other terms is refused.
    const none = await t.api.post(
      '/loan/app/v1/apply',
      { ...personal(5_000_000), pin: c.pin },
      c.token,
      keyed(),
    );
    expect([none.status, none.body.message]).toEqual([400, LM.kfsRequired]);
    const stranger = await borrower(t, { rupees: 0 });
    const theirs = (await keyFacts(t, stranger, personal(5_000_000))).body.data;
    const other = await apply(t, c, { ...personal(5_000_000), kfs_id: theirs.id });
    expect([other.status, other.body.message]).toEqual([400, LM.kfsNotFound]);
    const changed = await apply(t, c, { ...personal(6_000_000), kfs_id: k.id });
    expect([changed.status, changed.body.message]).toEqual([400, LM.kfsTermsChanged]);
    expect(
      (await t.api.get(`/loan/app/v1/kfs/${theirs.id}`, c.token)).status,
      "another client's KFS is not found",
    ).toBe(404);

    const loan = await apply(t, c, { ...personal(5_000_000), kfs_id: k.id });
    expect(loan.status).toBe(200);
    expect(loan.body.data.kfs_id).toBe(k.id);
    const kept = (await t.api.get<TKeyFactStatement>(`/loan/app/v1/kfs/${k.id}`, c.token)).body
      .data;
    expect(kept.loan_id).toBe(loan.body.data.id);
    expect(kept.accepted_at).not.toBeNull();

    // Once accepted it cannot be accepted again, even after the application is withdrawn.
    await t.api.post(`/loan/app/v1/loans/${loan.body.data.id}/cancel`, {}, c.token);
    const again = await apply(t, c, { ...personal(5_000_000), kfs_id: k.id });
    expect([again.status, again.body.message]).toEqual([400, LM.kfsUsed]);

    const text = await pdfText(`/loan/app/v1/kfs/${k.id}/pdf`, c.token);
    for (const words of [
      'Key Fact Statement',
      'Annual Percentage Rate',
      'Cooling-off period',
      CREDIT_GRIEVANCE_OFFICER.email,
      'IST',
      'Repayment schedule',
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/Accepted by the borrower .* IST/);
  });

  it(`expires after ${KFS_VALID_DAYS} days: applying with it then is refused`, async () => {
    const c = await borrower(t, { rupees: 0 });
    const k = (await keyFacts(t, c, personal(5_000_000))).body.data;
    moveDays(KFS_VALID_DAYS);
    const fresh = await signInAgain(t, c);
    const late = await apply(t, fresh, { ...personal(5_000_000), kfs_id: k.id });
    expect([late.status, late.body.message]).toEqual([400, LM.kfsExpired]);
    const rows = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from loans where client_id = '${c.id}'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('closing early', () => {
  it('the foreclosure statement is exact, a stale amount moves nothing, foreclosing closes with a no-dues letter', async () => {
    let c = await borrower(t, { rupees: 100_000 });
    const loan = await applied(t, c, personal(5_000_000));
    await disbursed(t, await officers(), loan);
    const before = await loanOf(t, c, loan.id);
    const start = istDay(t.clock.now());
    moveDays(10);
    c = await signInAgain(t, c);
    const early = await statementOf(c, loan.id);
    expect(early.status).toBe(200);
    const s = early.body.data;
    // Ten days accrued (disbursal day to yesterday), out of the cooling-off period.
    const interest = accrue(5_000_000n, before.annual_rate_bps, 10, 0n).interest;
    expect(s).toMatchObject({
      as_of: istDay(t.clock.now()),
      valid_until: istDay(t.clock.now()),
      principal_paise: 5_000_000,
      interest_paise: Number(interest),
      penal_paise: 0,
      foreclosure_charge_paise: 0,
      foreclosure_charge_gst_paise: 0,
      total_paise: 5_000_000 + Number(interest),
      cooling_off: false,
    });
    expect(start < s.as_of).toBe(true);

    const noDuesEarly = await t.api.raw(`/loan/app/v1/loans/${loan.id}/no-dues/pdf`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(noDuesEarly.status).toBe(409);

    const cash = (await balancesOf(t, c.id)).cash_available;
    const stale = await foreclose(c, loan.id, s.total_paise - 1);
    expect([stale.status, stale.body.message]).toEqual([409, LM.foreclosureChanged(s.total_paise)]);
    expect((await balancesOf(t, c.id)).cash_available).toBe(cash);

    const done = await foreclose(c, loan.id, s.total_paise);
    expect(done.status).toBe(200);
    expect(done.body.data.loan).toMatchObject({
      status: 'closed',
      closed_by: 'foreclosed',
      outstanding_paise: 0,
    });
    expect(done.body.data.interest_paise).toBe(Number(interest));
    expect((await balancesOf(t, c.id)).cash_available).toBe(cash - BigInt(s.total_paise));
    const events = (await loanOf(t, c, loan.id)).events.map((e) => e.kind);
    expect(events.at(-1)).toBe('foreclose');

    const text = await pdfText(`/loan/app/v1/loans/${loan.id}/no-dues/pdf`, c.token);
    expect(text).toContain('No-dues certificate');
    expect(text).toContain(loan.id);
    expect(text).toMatch(/foreclosed .* on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} IST/);
    expect(text).toContain('nothing is due from you');
    await ledgerOk();
  });

  it('in the cooling-off period: principal and interest only, and the pledge released with the close', async () => {
    let c = await borrower(t, { rupees: 400_000 });
    await buyShares(t, c, 'INFY', 100);
    const loan = await applied(t, c, {
      product_id: LAS_ID,
      amount_paise: 2_500_000,
      tenure_months: 3,
      pledges: [{ symbol: 'INFY', quantity: 100 }],
    });
    const started = await disbursed(t, await officers(), loan);
    moveDays(2);
    c = await signInAgain(t, c);
    const view = await loanOf(t, c, loan.id);
    expect(view.cooling_off_until).not.toBeNull();
    const s = (await statementOf(c, loan.id)).body.data;
    const interest = accrue(2_500_000n, started.annual_rate_bps, 2, 0n).interest;
    expect(s).toMatchObject({
      cooling_off: true,
      cooling_off_until: view.cooling_off_until,
      principal_paise: 2_500_000,
      interest_paise: Number(interest),
      total_paise: 2_500_000 + Number(interest),
    });
    const done = await foreclose(c, loan.id, s.total_paise);
    expect(done.status).toBe(200);
    expect(done.body.data.loan.closed_by).toBe('cooling_off');
    const held = await sqlRows<{ pledged: string }>(
      t,
      `select pledged from holdings where client_id = '${c.id}' and symbol = 'INFY'`,
    );
    expect(Number(held[0]!.pledged)).toBe(0);
    const closed = await loanOf(t, c, loan.id);
    expect(closed.pledges.every((p) => p.released)).toBe(true);
    expect(closed.events.at(-1)!.kind).toBe('exit_cooling_off');
    const text = await pdfText(`/loan/app/v1/loans/${loan.id}/no-dues/pdf`, c.token);
    expect(text).toContain('cooling-off period');
    expect(text).toContain('Pledges released: 100 INFY');
    await ledgerOk();
  });

  it('a burst of 10 foreclosures and 5 repayments on one loan: one closure, cash taken once', async () => {
    let c = await borrower(t, { rupees: 200_000 });
    const loan = await applied(t, c, personal(5_000_000, 6));
    await disbursed(t, await officers(), loan);
    moveDays(7);
    c = await signInAgain(t, c);
    const s = (await statementOf(c, loan.id)).body.data;
    const cash = (await balancesOf(t, c.id)).cash_available;
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => foreclose(c, loan.id, s.total_paise)),
      ...Array.from({ length: 5 }, () => repay(t, c, loan.id, 10_000)),
    ]);
    const closes = replies.slice(0, 10).filter((r) => r.status === 200);
    const repaid = replies.slice(10).filter((r) => r.status === 200);
    expect(replies.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    const after = await loanOf(t, c, loan.id);
    // A repayment before the foreclosure changes its amount (409); after it, the loan is closed.
    expect(closes.length).toBeLessThanOrEqual(1);
    const paid = BigInt(closes.length * s.total_paise + repaid.length * 10_000);
    expect((await balancesOf(t, c.id)).cash_available).toBe(cash - paid);
    if (closes.length === 1) expect(after.status).toBe('closed');
    else {
      expect(repaid.length).toBeGreaterThan(0);
      const fresh = (await statementOf(c, loan.id)).body.data;
      expect((await foreclose(c, loan.id, fresh.total_paise)).status).toBe(200);
    }
    expect((await loanOf(t, c, loan.id)).status).toBe('closed');
    await ledgerOk();
  });
});

describe('the console reads the papers', () => {
  it('the accepted KFS and, once closed, the no-dues letter: operations read them; another advisor and support get 403', async () => {
    const c = await borrower(t, { rupees: 100_000 });
    const loan = await applied(t, c, personal(5_000_000, 6));
    const [ops] = await officers();
    await disbursed(t, await officers(), loan);
    const base = `/console/api/v1/credit/loans/${loan.id}`;
    const read = await t.api.get<TKeyFactStatement>(`${base}/kfs`, ops.token);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: loan.kfs_id,
      loan_id: loan.id,
      amount_paise: 5_000_000,
    });
    expect(read.body.data.accepted_at).not.toBeNull();
    const kfsText = await pdfText(`${base}/kfs/pdf`, ops.token);
    expect(kfsText).toContain('Key Fact Statement');
    expect(kfsText).toMatch(/Accepted by the borrower .* IST/);
    const early = await t.api.raw(`${base}/no-dues/pdf`, {
      headers: { authorization: `Bearer ${ops.token}` },
    });
    expect(early.status).toBe(409);

    // Another advisor's client and a support agent: 403 on every paper.
    for (const role of ['advisor', 'support'] as const) {
      const other = await signInStaff(t, role);
      expect((await t.api.get(`${base}/kfs`, other.token)).status).toBe(403);
      for (const paper of ['kfs/pdf', 'no-dues/pdf']) {
        const denied = await t.api.raw(`${base}/${paper}`, {
          headers: { authorization: `Bearer ${other.token}` },
        });
        expect(denied.status).toBe(403);
      }
    }

    const owed = (await loanOf(t, c, loan.id)).outstanding_paise;
    expect((await repay(t, c, loan.id, owed)).status).toBe(200);
    const letter = await pdfText(`${base}/no-dues/pdf`, ops.token);
    expect(letter).toContain('No-dues certificate');
    expect(letter).toContain(loan.id);
    const unknown = await t.api.get(
      '/console/api/v1/credit/loans/00000000-0000-4000-8000-000000000000/kfs',
      ops.token,
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, LM.loanNotFound]);
  });
});
