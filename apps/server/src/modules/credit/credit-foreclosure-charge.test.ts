/**
 * A product's foreclosure charge, on real PostgreSQL over HTTP with a moved clock: a fixed-rate
 * product's charge named in the KFS (and its PDF), asked on the foreclosure statement to the
 * paisa with 18% GST on top, and posted as fee income and tax (one balanced posting) in the
 * closing transaction; none, and no GST, in the cooling-off period;
 * a floating-rate product refused any; a loan charged what its own KFS said, whatever the
 * product says later; every change of the setting audited.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LM,
  type TCreditProduct,
  type TCreditProductInput,
  type TForeclosureStatement,
  type TRepayment,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  balancesOf,
  keyed,
  type MoneyClient,
  openDeposits,
  signInAgain,
} from '../funds/test-fixtures.ts';
import { accrue } from './interest.ts';
import {
  apply,
  applied,
  borrower,
  CONSOLE,
  DAY_MS,
  disbursed,
  keyFacts,
  loanOf,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const run = promisify(execFile);
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  dir = mkdtempSync(path.join(os.tmpdir(), 'foreclosure-charge-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const feesIncome = async () => (await t.ctx.ledger.firmBalances()).fees;
const taxes = async () => (await t.ctx.ledger.firmBalances()).taxes;
const moveDays = (n: number) => t.clock.advance(n * DAY_MS);

/** A personal loan product with no processing fee, so the fee account moves by the charge only. */
const product = (over: Partial<TCreditProductInput> = {}): TCreditProductInput => ({
  name: `Personal ${Math.random().toString(36).slice(2, 8)}`,
  kind: 'personal',
  repayment: 'emi',
  annual_rate_bps: 1_400,
  tenure_months: [12],
  min_amount_paise: 1_000_000,
  max_amount_paise: 50_000_000,
  processing_fee_bps: 0,
  cooling_off_days: 3,
  ...over,
});

/** Signed in afresh: the tests move the clock past a console session. */
const anAdmin = () => signInStaff(t, 'admin');

async function created(over: Partial<TCreditProductInput>) {
  const admin = await anAdmin();
  const reply = await t.api.post<TCreditProduct>(`${CONSOLE}/products`, product(over), admin.token);
  if (reply.status !== 200) throw new Error(`product refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

const officers = async () =>
  [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')] as [
    SignedInStaff,
    SignedInStaff,
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
const chargePostings = async (loanId: string) =>
  sqlRows<{ id: string }>(
    t,
    `select id::text from ledger_postings where reference = 'loan:${loanId}' and kind = 'loan_foreclosure_charge'`,
  );

/** The firm's lines of the loan's foreclosure charge posting, by account. */
const chargeLines = async (loanId: string) =>
  sqlRows<{ kind: string; amount: string }>(
    t,
    `select a.kind, sum(l.amount)::text as amount from ledger_lines l
       join ledger_accounts a on a.id = l.account_id
       join ledger_postings p on p.id = l.posting_id
      where p.reference = 'loan:${loanId}' and p.kind = 'loan_foreclosure_charge'
      group by a.kind order by a.kind`,
  );

async function pdfText(url: string, token: string) {
  const reply = await t.api.raw(url, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(await reply.arrayBuffer()));
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, ' ');
}

describe('a fixed-rate product with a 2% foreclosure charge', () => {
  it('the KFS names it with GST, the statement asks 2% of the principal and 18% GST on it to the paisa, foreclosing posts fee income and tax', async () => {
    const p = await created({ rate_type: 'fixed', foreclosure_charge_bps: 200 });
    expect(p).toMatchObject({ rate_type: 'fixed', foreclosure_charge_bps: 200 });
    let c = await borrower(t, { rupees: 100_000 });
    // ₹33,333.33: 2% is ₹666.6666, asked as ₹666.67 (half up, to the paisa); GST 18% of
    // that is ₹120.0006, asked as ₹120.00.
    const terms = { product_id: p.id, amount_paise: 3_333_333, tenure_months: 12 };
    const kfs = (await keyFacts(t, c, terms)).body.data;
    expect(kfs).toMatchObject({ rate_type: 'fixed', foreclosure_charge_bps: 200 });
    expect(kfs.foreclosure).toContain(
      'a foreclosure charge of 2.00% of the principal outstanding at foreclosure, plus GST at 18.00% on the charge',
    );
    const pdf = await pdfText(`/loan/app/v1/kfs/${kfs.id}/pdf`, c.token);
    expect(pdf).toContain('Interest rate (fixed)');
    expect(pdf).toContain(
      'Foreclosure charge: 2.00% of the principal outstanding at foreclosure, plus GST at 18.00% on the charge',
    );

    const loan = await applied(t, c, { ...terms, kfs_id: kfs.id });
    const started = await disbursed(t, await officers(), loan);
    moveDays(10);
    c = await signInAgain(t, c);
    const s = (await statementOf(c, loan.id)).body.data;
    const interest = Number(accrue(3_333_333n, started.annual_rate_bps, 10, 0n).interest);
    expect(s).toMatchObject({
      cooling_off: false,
      principal_paise: 3_333_333,
      interest_paise: interest,
      penal_paise: 0,
      foreclosure_charge_paise: 66_667,
      foreclosure_charge_gst_paise: 12_000,
      total_paise: 3_333_333 + interest + 66_667 + 12_000,
    });

    // The total without the GST is refused, and nothing moves.
    const short = await foreclose(c, loan.id, s.total_paise - 12_000);
    expect([short.status, short.body.message]).toEqual([
      409,
      LM.foreclosureChanged(BigInt(s.total_paise)),
    ]);
    expect(await chargePostings(loan.id)).toHaveLength(0);

    const cash = (await balancesOf(t, c.id)).cash_available;
    const fees = await feesIncome();
    const taxed = await taxes();
    const done = await foreclose(c, loan.id, s.total_paise);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      amount_paise: s.total_paise,
      // The charge and its GST, both made fees due and paid first.
      fees_paise: 66_667 + 12_000,
      interest_paise: interest,
      principal_paise: 3_333_333,
    });
    expect(done.body.data.loan).toMatchObject({
      status: 'closed',
      closed_by: 'foreclosed',
      outstanding_paise: 0,
      paid_fees_paise: 66_667 + 12_000,
    });
    expect((await balancesOf(t, c.id)).cash_available).toBe(cash - BigInt(s.total_paise));
    expect((await feesIncome()) - fees).toBe(66_667n);
    expect((await taxes()) - taxed).toBe(12_000n);
    // One posting: the loan's claim grows by charge + GST, fee income gets the charge, the
    // taxes account the GST; it balances.
    expect(await chargePostings(loan.id)).toHaveLength(1);
    expect(await chargeLines(loan.id)).toEqual([
      { kind: 'fees', amount: '66667' },
      { kind: 'loans', amount: '-78667' },
      { kind: 'taxes', amount: '12000' },
    ]);
    const audit = await sqlRows<{ after: Record<string, unknown> }>(
      t,
      `select after from audit_log where subject_id = '${loan.id}' and action = 'loan.foreclosure_charge'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ chargePaise: '66667', gstPaise: '12000' });
    const closed = await loanOf(t, c, loan.id);
    expect(closed.events.at(-1)!.message).toContain(
      'including a foreclosure charge of ₹666.67 + GST ₹120.00',
    );
    await ledgerOk();
  });

  it('in the cooling-off period the exit charges nothing', async () => {
    const p = await created({ rate_type: 'fixed', foreclosure_charge_bps: 200 });
    let c = await borrower(t, { rupees: 100_000 });
    const loan = await applied(t, c, {
      product_id: p.id,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    const started = await disbursed(t, await officers(), loan);
    moveDays(2);
    c = await signInAgain(t, c);
    const s = (await statementOf(c, loan.id)).body.data;
    const interest = Number(accrue(5_000_000n, started.annual_rate_bps, 2, 0n).interest);
    expect(s).toMatchObject({
      cooling_off: true,
      foreclosure_charge_paise: 0,
      foreclosure_charge_gst_paise: 0,
      total_paise: 5_000_000 + interest,
    });
    const fees = await feesIncome();
    const taxed = await taxes();
    const done = await foreclose(c, loan.id, s.total_paise);
    expect(done.status).toBe(200);
    expect(done.body.data.loan.closed_by).toBe('cooling_off');
    expect(await feesIncome()).toBe(fees);
    expect(await taxes()).toBe(taxed);
    expect(await chargePostings(loan.id)).toHaveLength(0);
    await ledgerOk();
  });

  it("a product change after sanction leaves the loan's charge; the change is audited", async () => {
    const p = await created({ rate_type: 'fixed', foreclosure_charge_bps: 200 });
    let c = await borrower(t, { rupees: 100_000 });
    const terms = { product_id: p.id, amount_paise: 5_000_000, tenure_months: 12 };
    const loan = await applied(t, c, terms);
    await disbursed(t, await officers(), loan);
    // Another client holds a KFS naming 2%, not yet accepted.
    const other = await borrower(t, { rupees: 0 });
    const stale = (await keyFacts(t, other, terms)).body.data;

    const admin = await anAdmin();
    const edited = await t.api.put<TCreditProduct>(
      `${CONSOLE}/products/${p.id}`,
      product({ name: p.name, foreclosure_charge_bps: 0 }),
      admin.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.foreclosure_charge_bps).toBe(0);
    const audit = await sqlRows<{
      actor_id: string;
      before: TCreditProduct;
      after: TCreditProduct;
    }>(
      t,
      `select actor_id, before, after from audit_log where subject_id = '${p.id}' and action = 'credit.product.update'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      before: { foreclosure_charge_bps: 200, rate_type: 'fixed' },
      after: { foreclosure_charge_bps: 0, rate_type: 'fixed' },
    });

    // The statement that named 2% cannot be accepted on the new terms; a new one says Nil.
    const refused = await apply(t, other, { ...terms, kfs_id: stale.id });
    expect([refused.status, refused.body.message]).toEqual([400, LM.kfsTermsChanged]);
    const fresh = (await keyFacts(t, other, terms)).body.data;
    expect(fresh.foreclosure_charge_bps).toBe(0);
    expect(fresh.foreclosure).toContain('no foreclosure charge');

    // The loan sanctioned on 2% is still asked 2%: ₹1,000 on ₹50,000, + ₹180 GST.
    moveDays(10);
    c = await signInAgain(t, c);
    const s = (await statementOf(c, loan.id)).body.data;
    expect(s.foreclosure_charge_paise).toBe(100_000);
    expect(s.foreclosure_charge_gst_paise).toBe(18_000);
  });
});

describe('the setting refused', () => {
  it('a floating-rate product takes no foreclosure charge; above 5% is refused', async () => {
    const admin = await anAdmin();
    const floating = await t.api.post(
      `${CONSOLE}/products`,
      product({ rate_type: 'floating', foreclosure_charge_bps: 200 }),
      admin.token,
    );
    expect([floating.status, floating.body.message]).toEqual([400, LM.foreclosureChargeFloating]);
    const above = await t.api.post(
      `${CONSOLE}/products`,
      product({ foreclosure_charge_bps: 501 }),
      admin.token,
    );
    expect([above.status, above.body.message]).toEqual([400, LM.foreclosureChargeInvalid]);

    // An edit that leaves out the rate type or the charge is checked with the product's own.
    const f = await created({ rate_type: 'floating' });
    expect(f).toMatchObject({ rate_type: 'floating', foreclosure_charge_bps: 0 });
    const charged = await t.api.put(
      `${CONSOLE}/products/${f.id}`,
      product({ name: f.name, foreclosure_charge_bps: 100 }),
      admin.token,
    );
    expect([charged.status, charged.body.message]).toEqual([400, LM.foreclosureChargeFloating]);
    const fixed = await created({ foreclosure_charge_bps: 200 });
    const floated = await t.api.put(
      `${CONSOLE}/products/${fixed.id}`,
      product({ name: fixed.name, rate_type: 'floating' }),
      admin.token,
    );
    expect([floated.status, floated.body.message]).toEqual([400, LM.foreclosureChargeFloating]);
    const unchanged = await sqlRows<{ rate_type: string; foreclosure_charge_bps: number }>(
      t,
      `select rate_type, foreclosure_charge_bps from credit_products where id in ('${f.id}', '${fixed.id}') order by created_at`,
    );
    expect(unchanged).toEqual([
      { rate_type: 'floating', foreclosure_charge_bps: 0 },
      { rate_type: 'fixed', foreclosure_charge_bps: 200 },
    ]);
  });
});
