/**
 * Floating rates that reset (decision 061), on real PostgreSQL over HTTP with a moved clock set
 * to fixed days, so every figure below is worked out by hand (and by an independent exact
 * recomputation): a 12-month ₹50,000 loan at the benchmark 5.50% + 8.50% = 14.00%, disbursed
 * 2026-12-04, whose benchmark rises to 6.50% before its first reset on 2027-03-04 — its rate
 * becomes 15.00% that day, interest accrues at it from that day, and the EMI rises (or, by
 * the borrower's choice, the tenure grows); a loan whose benchmark falls; a fixed loan never
 * moved; the job run twice resetting once; the benchmark's role checks; the KFS's words.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BENCHMARK_NAME,
  LM,
  type TBenchmark,
  type TClientNotifications,
  type TConsoleLoanDetail,
  type TCreditProduct,
  type TLoanDetail,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { type MoneyClient, openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { DAY_DENOMINATOR } from './interest.ts';
import {
  applied,
  borrower,
  CONSOLE,
  disbursed,
  keyFacts,
  loanOf,
  PERSONAL_ID,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const run = promisify(execFile);
const istAt = (day: string, hhmm = '10:30') => new Date(`${day}T${hhmm}:00+05:30`);
let t: TestApp;
let dir: string;
let product: TCreditProduct;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(istAt('2026-12-04'));
  await openDeposits(t);
  dir = mkdtempSync(path.join(os.tmpdir(), 'floating-rate-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const today = () => t.clock.now().toISOString().slice(0, 10);
/** Moves the clock to 10:30 IST on `day` and runs the accrual job, as the leader would. */
async function runOn(day: string) {
  t.clock.set(istAt(day));
  return t.ctx.credit.servicing.runAccrual();
}
const admin = () => signInStaff(t, 'admin');
const officers = async () =>
  [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')] as [
    SignedInStaff,
    SignedInStaff,
  ];
const setBenchmark = async (rate_bps: number, effective_from: string, who?: SignedInStaff) =>
  t.api.post<TBenchmark>(
    `${CONSOLE}/benchmark`,
    { rate_bps, effective_from, reason: 'MPC decision' },
    (who ?? (await admin())).token,
  );
const terms = { amount_paise: 5_000_000, tenure_months: 12, pledges: [] };
const loanRow = async (id: string) =>
  (
    await sqlRows<{ annual_rate_bps: number; next_reset_date: string; accrual_carry: string }>(
      t,
      `select annual_rate_bps, next_reset_date::text, accrual_carry::text from loans where id = '${id}'`,
    )
  )[0]!;
const instalments = (id: string) =>
  sqlRows<{
    number: number;
    due_date: string;
    principal: string;
    estimate: string;
    billed: string;
  }>(
    t,
    `select number, due_date::text, principal_paise::text as principal,
            interest_estimate_paise::text as estimate, interest_accrued_paise::text as billed
       from loan_instalments where loan_id = '${id}' order by number`,
  );
const dayInterest = async (id: string, day: string) =>
  (
    await sqlRows<{ principal: string; interest: string }>(
      t,
      `select principal_paise::text as principal, interest_paise::text as interest
         from loan_accruals where loan_id = '${id}' and day = '${day}'`,
    )
  )[0]!;
const resets = (id: string) =>
  sqlRows<{ reset_date: string; old_rate_bps: number; new_rate_bps: number }>(
    t,
    `select reset_date::text, old_rate_bps, new_rate_bps from loan_rate_resets where loan_id = '${id}'`,
  );

async function pdfText(url: string, token: string) {
  const reply = await t.api.raw(url, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(await reply.arrayBuffer()));
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, ' ');
}

/** Applies for and disburses a 12-month ₹50,000 loan today; the client may choose first. */
async function floatingLoan(c: MoneyClient, productId: string) {
  const loan = await applied(t, c, { product_id: productId, ...terms });
  await disbursed(t, await officers(), loan);
  return loan;
}

describe('the benchmark, set by admins only', () => {
  it('no benchmark yet: a floating product is not offered and cannot be quoted', async () => {
    const created = await t.api.post<TCreditProduct>(
      `${CONSOLE}/products`,
      {
        name: 'Personal floating',
        kind: 'personal',
        repayment: 'emi',
        annual_rate_bps: 1_400,
        tenure_months: [12],
        min_amount_paise: 1_000_000,
        max_amount_paise: 50_000_000,
        processing_fee_bps: 0,
        rate_type: 'floating',
        spread_bps: 850,
      },
      (await admin()).token,
    );
    expect(created.status).toBe(200);
    product = created.body.data;
    expect([product.spread_bps, product.reset_months]).toEqual([850, 3]);
    const c = await borrower(t);
    const kfs = await keyFacts(t, c, { product_id: product.id, ...terms });
    expect([kfs.status, kfs.body.message]).toEqual([409, LM.benchmarkMissing]);
  });

  it('operations and advisors read it but may not set it; a past day is refused; admins set it, audited', async () => {
    const ops = await signInStaff(t, 'operations');
    expect((await setBenchmark(550, today(), ops)).status).toBe(403);
    expect((await setBenchmark(550, today(), await signInStaff(t, 'advisor'))).status).toBe(403);
    const past = await setBenchmark(550, '2026-12-03');
    expect([past.status, past.body.message]).toEqual([400, LM.benchmarkDatePast]);
    const set = await setBenchmark(550, today());
    expect(set.status).toBe(200);
    const read = await t.api.get<TBenchmark>(`${CONSOLE}/benchmark`, ops.token);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      name: BENCHMARK_NAME,
      current: { rate_bps: 550, effective_from: '2026-12-04', reason: 'MPC decision' },
    });
    const audit = await sqlRows<{ after: { rate_bps: number } }>(
      t,
      `select after from audit_log where action = 'credit.benchmark.set'`,
    );
    expect(audit.map((a) => a.after.rate_bps)).toEqual([550]);
    expect(
      (await t.api.get(`${CONSOLE}/benchmark`, (await signInStaff(t, 'support')).token)).status,
    ).toBe(403);
  });
});

describe('a floating loan whose benchmark rises 100 bp before its first reset', () => {
  let a: MoneyClient; // keeps the tenure (the default): the EMI rises
  let c: MoneyClient; // keeps the EMI: the tenure grows
  let f: MoneyClient; // a fixed-rate loan: never moves
  const ids = { a: '', c: '', f: '' };
  let fixedRate = 0;

  it('the KFS (screen and PDF) says floating, the benchmark, its rate, the spread, the reset and what a change does', async () => {
    a = await borrower(t, { rupees: 20_000 });
    const kfs = (await keyFacts(t, a, { product_id: product.id, ...terms })).body.data;
    expect([kfs.rate_type, kfs.annual_rate_bps, kfs.instalment_paise]).toEqual([
      'floating',
      1_400,
      448_900,
    ]);
    expect(kfs.floating).toMatchObject({
      benchmark: BENCHMARK_NAME,
      benchmark_bps: 550,
      spread_bps: 850,
      reset_months: 3,
    });
    expect(kfs.floating!.text).toContain(
      `the ${BENCHMARK_NAME} (5.50% today) plus a spread of 8.50%, 14.00% a year now`,
    );
    expect(kfs.floating!.text).toContain('reset every 3 months from disbursal');
    expect(kfs.floating!.text).toContain(
      'A change in the benchmark changes your EMI or your tenure',
    );
    const pdf = await pdfText(`/loan/app/v1/kfs/${kfs.id}/pdf`, a.token);
    expect(pdf).toContain('Interest rate (floating)');
    expect(pdf).toContain(`Benchmark: ${BENCHMARK_NAME}: 5.50% today`);
    expect(pdf).toContain('Spread over the benchmark: 8.50%');
    expect(pdf).toContain('Reset period: every 3 months, on a due date');
    expect(pdf).toContain('A change in the benchmark changes your EMI or your tenure');
  });

  it('applied and disbursed on 2026-12-04: the loan copies the spread and the period, first reset on 2027-03-04', async () => {
    ids.a = (await floatingLoan(a, product.id)).id;
    await t.ctx.db.execute(
      `insert into client_emails (client_id, address, verified_at) values ('${a.id}', 'a-${a.id}@client.test', now())`,
    );
    c = await borrower(t, { rupees: 20_000 });
    ids.c = (await floatingLoan(c, product.id)).id;
    f = await borrower(t, { rupees: 20_000 });
    const fixedLoan = await floatingLoan(f, PERSONAL_ID);
    ids.f = fixedLoan.id;
    fixedRate = fixedLoan.annual_rate_bps;
    const seen = await loanOf(t, a, ids.a);
    expect([seen.rate_type, seen.annual_rate_bps]).toEqual(['floating', 1_400]);
    expect(seen.floating).toEqual({
      benchmark: BENCHMARK_NAME,
      spread_bps: 850,
      reset_months: 3,
      next_reset_date: '2027-03-04',
      reset_preference: 'tenure',
    });
    // C chooses to keep the EMI; a fixed loan has no choice to make.
    const chose = await t.api.post<TLoanDetail>(
      `/loan/app/v1/loans/${ids.c}/reset-preference`,
      { reset_preference: 'emi' },
      c.token,
    );
    expect([chose.status, chose.body.data.floating?.reset_preference]).toEqual([200, 'emi']);
    const fixed = await t.api.post(
      `/loan/app/v1/loans/${ids.f}/reset-preference`,
      { reset_preference: 'emi' },
      f.token,
    );
    expect([fixed.status, fixed.body.message]).toEqual([400, LM.notFloating]);
    const other = await t.api.post(
      `/loan/app/v1/loans/${ids.c}/reset-preference`,
      { reset_preference: 'tenure' },
      a.token,
    );
    expect(other.status).toBe(404);
    const console = await t.api.get<TConsoleLoanDetail>(
      `${CONSOLE}/loans/${ids.c}`,
      (await signInStaff(t, 'operations')).token,
    );
    expect(console.body.data.floating?.reset_preference).toBe('emi');
  });

  it('on 2027-03-04 the rate becomes 6.50% + 8.50% = 15.00%; the EMI rises to ₹4,507.33 for the 9 instalments left', async () => {
    await runOn('2027-01-04');
    await runOn('2027-02-04');
    t.clock.set(istAt('2027-02-10'));
    expect((await setBenchmark(650, '2027-02-15')).status).toBe(200);
    await runOn('2027-03-03');
    expect((await loanRow(ids.a)).annual_rate_bps).toBe(1_400);
    await runOn('2027-03-04');
    const row = await loanRow(ids.a);
    expect([row.annual_rate_bps, row.next_reset_date]).toEqual([1_500, '2027-06-04']);
    // Instalments 1–3 (14%) paid: 3,89,448 + 3,94,079 + 4,03,616 of principal; ₹38,128.57 left.
    const rows = await instalments(ids.a);
    expect(rows).toHaveLength(12);
    const left = rows.slice(3);
    expect(left.reduce((s, r) => s + BigInt(r.principal), 0n)).toBe(3_812_857n);
    // The EMI solved over the same nine due dates at 15%: ₹4,507.33 (the last ₹4,507.30).
    expect(left.map((r) => BigInt(r.principal) + BigInt(r.estimate))).toEqual([
      ...Array.from({ length: 8 }, () => 450_733n),
      450_730n,
    ]);
    expect(left.at(-1)!.due_date).toBe('2027-12-04');
    expect(await resets(ids.a)).toEqual([
      { reset_date: '2027-03-04', old_rate_bps: 1_400, new_rate_bps: 1_500 },
    ]);
  });

  it('keeping the EMI instead: ₹4,489.00 stays and the loan runs one instalment longer, to 2028-01-04 (₹175.67)', async () => {
    const rows = await instalments(ids.c);
    expect(rows).toHaveLength(13);
    const left = rows.slice(3);
    expect(left.slice(0, 9).map((r) => BigInt(r.principal) + BigInt(r.estimate))).toEqual(
      Array.from({ length: 9 }, () => 448_900n),
    );
    expect(left.at(-1)).toMatchObject({ number: 13, due_date: '2028-01-04' });
    expect(BigInt(left.at(-1)!.principal) + BigInt(left.at(-1)!.estimate)).toBe(17_567n);
    expect(left.reduce((s, r) => s + BigInt(r.principal), 0n)).toBe(3_812_857n);
    c = await signInAgain(t, c);
    const seen = await loanOf(t, c, ids.c);
    expect(seen.schedule).toHaveLength(13);
    expect(seen.annual_rate_bps).toBe(1_500);
  });

  it('the client is told old → new rate, EMI and tenure, in the app and by e-mail', async () => {
    a = await signInAgain(t, a);
    const seen = await loanOf(t, a, ids.a);
    const event = seen.events.find((e) => e.kind === 'rate_reset')!;
    expect(event.message).toBe(
      `Your loan's floating rate was reset on 2027-03-04 (IST) to 15.00% a year (was 14.00%): the ${BENCHMARK_NAME} of 6.50% plus your spread of 8.50%. ` +
        'Your instalment is now ₹4,507.33 (was ₹4,489.00), for the same 9 instalments left, the last due on 2027-12-04 (IST).',
    );
    const told = (await t.api.get<TClientNotifications>('/client/app/v1/notifications', a.token))
      .body.data.items;
    expect(told.find((n) => n.kind === 'loan.rate_reset')?.detail).toEqual({
      type: 'rate_reset',
      old_rate_bps: 1_400,
      new_rate_bps: 1_500,
      old_emi_paise: 448_900,
      new_emi_paise: 450_733,
      old_instalments: 9,
      new_instalments: 9,
    });
    const mails = await sqlRows<{ purpose: string; subject: string; body: string; html: string }>(
      t,
      `select purpose, subject, body, html from mail_outbox where client_id = '${a.id}' and purpose = 'loan.rate_reset'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your loan's interest rate is now 15.00%");
    expect(mails[0]!.body).toBe(event.message);
    expect(mails[0]!.html).toContain('14.00% → 15.00% a year');
    expect(mails[0]!.html).toContain('₹4,489.00 → ₹4,507.33');
    c = await signInAgain(t, c);
    const cEvent = (await loanOf(t, c, ids.c)).events.find((e) => e.kind === 'rate_reset')!;
    expect(cEvent.message).toContain(
      'Your instalment stays ₹4,489.00; instalments left: 10 (was 9), the last due on 2028-01-04 (IST).',
    );
    const audit = await sqlRows<{ after: { annualRateBps: number; kept: string } }>(
      t,
      `select after from audit_log where action = 'loan.rate_reset' and subject_id in ('${ids.a}', '${ids.c}') order by subject_id = '${ids.a}' desc`,
    );
    expect(audit.map((r) => [r.after.annualRateBps, r.after.kept])).toEqual([
      [1_500, 'tenure'],
      [1_500, 'emi'],
    ]);
  });

  it('the job run again the same day resets nothing more', async () => {
    const again = await t.ctx.credit.servicing.runAccrual();
    expect(again.days).toBe(0);
    expect(await resets(ids.a)).toHaveLength(1);
    expect(await resets(ids.c)).toHaveLength(1);
    a = await signInAgain(t, a);
    expect((await loanOf(t, a, ids.a)).events.filter((e) => e.kind === 'rate_reset')).toHaveLength(
      1,
    );
    expect((await loanRow(ids.a)).next_reset_date).toBe('2027-06-04');
  });

  it('interest accrues at 15% from the reset day: 2027-03-03 at 14%, 2027-03-04 on, to the paisa', async () => {
    const carry = BigInt((await loanRow(ids.a)).accrual_carry); // accrued through 2027-03-03
    await runOn('2027-03-05');
    const eve = await dayInterest(ids.a, '2027-03-03');
    expect(BigInt(eve.principal)).toBe(3_812_857n + 403_616n);
    const first = await dayInterest(ids.a, '2027-03-04');
    expect(BigInt(first.principal)).toBe(3_812_857n);
    // floor((₹38,128.57 × 15% + carry) / 365) in paise: 1,566 or 1,567 with the carry.
    expect(BigInt(first.interest)).toBe((3_812_857n * 1_500n + carry) / DAY_DENOMINATOR);
    // The whole period to 2027-04-04 (31 days at one principal) is billed in closed form.
    await runOn('2027-04-04');
    const fourth = (await instalments(ids.a))[3]!;
    expect(BigInt(fourth.billed)).toBe((3_812_857n * 1_500n * 31n + carry) / DAY_DENOMINATOR);
    // Its estimate was the same period from a zero carry: floor(38,12,857 × 1,500 × 31 / 36,50,000).
    expect(fourth.estimate).toBe('48574');
  });

  it('a fixed-rate loan beside them never moved', async () => {
    const row = await loanRow(ids.f);
    expect(row.annual_rate_bps).toBe(fixedRate);
    expect(row.next_reset_date).toBeNull();
    expect(await resets(ids.f)).toEqual([]);
    f = await signInAgain(t, f);
    const seen = await loanOf(t, f, ids.f);
    expect([seen.rate_type, seen.floating]).toEqual(['fixed', null]);
    expect(seen.events.some((e) => e.kind === 'rate_reset')).toBe(false);
  });
});

describe('a floating loan whose benchmark falls before its first reset', () => {
  it('disbursed 2027-04-04 at 6.50% + 8.50%; the benchmark falls to 4.50%; on 2027-07-04 the rate is 13.00% and the EMI falls to ₹4,477.30', async () => {
    t.clock.set(istAt('2027-04-04', '11:00'));
    let b = await borrower(t, { rupees: 20_000 });
    const loan = await floatingLoan(b, product.id);
    expect(loan.annual_rate_bps).toBe(1_500);
    expect((await setBenchmark(450, '2027-05-01')).status).toBe(200);
    for (const day of ['2027-05-04', '2027-06-04']) await runOn(day);
    // A run that catches up days across the reset: 2027-06-05 to 2027-07-03 at 15%, the reset, then 13%.
    await runOn('2027-07-05');
    const row = await loanRow(loan.id);
    expect([row.annual_rate_bps, row.next_reset_date]).toEqual([1_300, '2027-10-04']);
    const left = (await instalments(loan.id)).slice(3);
    expect(left.reduce((s, r) => s + BigInt(r.principal), 0n)).toBe(3_818_165n);
    expect(left.map((r) => BigInt(r.principal) + BigInt(r.estimate))).toEqual([
      ...Array.from({ length: 8 }, () => 447_730n),
      447_722n,
    ]);
    expect(BigInt((await dayInterest(loan.id, '2027-07-03')).interest)).toBeGreaterThan(
      BigInt((await dayInterest(loan.id, '2027-07-04')).interest),
    );
    b = await signInAgain(t, b);
    const event = (await loanOf(t, b, loan.id)).events.find((e) => e.kind === 'rate_reset')!;
    expect(event.message).toContain('to 13.00% a year (was 15.00%)');
    expect(event.message).toContain('Your instalment is now ₹4,477.30 (was ₹4,514.03)');
  });
});
