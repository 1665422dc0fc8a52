/**
 * The console's loan queue by days-past-due bucket, and a loan's ledger postings, over real
 * HTTP on real PostgreSQL with a moved clock (the accrual job run for the days it moved):
 * loans left unpaid drift through SMA-0, SMA-1, SMA-2 and NPA; at each boundary (30/31, 60/61,
 * 90/91 days past due) the SQL bucket behind `?bucket=` and `/loans/buckets` agrees with the
 * dues rule (`bucketOf`, dues.ts) and with each row's own `dpd` and `dpd_bucket`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DPD_BUCKETS,
  type TConsoleLoan,
  type TConsoleLoanDetail,
  type TDpdBucket,
  type TLoanDetail,
  type TPage,
  type TPostingView,
} from '@sampada/shared';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { type MoneyClient, openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { bucketOf } from './dues.ts';
import { addDays, daysBetween } from './interest.ts';
import {
  applied,
  borrower,
  CONSOLE,
  DAY_MS,
  disbursed,
  PERSONAL_ID,
  accrueUntil,
  holdAllCash as holdAll,
  todayOf,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 400_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
});
afterAll(async () => t?.close());

const today = () => todayOf(t);
const runUntil = (day: string) => accrueUntil(t, day);
const holdAllCash = (c: MoneyClient, leave = 0n) => holdAll(t, c, leave);
const officers = async () =>
  [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')] as const;

/** ₹50,000 personal loan, 12 months EMI; `unpaid`: the client's cash held, nothing collected. */
async function loanDisbursedToday(unpaid: boolean): Promise<TConsoleLoanDetail> {
  const c = await borrower(t, { rupees: 0 });
  const loan: TLoanDetail = await applied(t, c, {
    product_id: PERSONAL_ID,
    amount_paise: 5_000_000,
    tenure_months: 12,
  });
  const detail = await disbursed(t, [...(await officers())], loan);
  if (unpaid) await holdAllCash(c);
  return detail;
}

/** DPD with nothing ever paid: today − the first due date once it has passed. */
const dpdOn = (day: string, firstDue: string) => Math.max(0, daysBetween(firstDue, day));

describe('the loan queue by days-past-due bucket', () => {
  it('filters and counts exactly, agreeing with bucketOf at 0/1, 30/31, 60/61 and 90/91 days', async () => {
    // Two unpaid loans disbursed a day apart, one that auto-debit keeps current, one applied.
    const a = await loanDisbursedToday(true);
    t.clock.advance(DAY_MS);
    await t.ctx.credit.servicing.runAccrual();
    const b = await loanDisbursedToday(true);
    const current = await loanDisbursedToday(false);
    const waiting = await applied(t, await borrower(t, { rupees: 0 }), {
      product_id: PERSONAL_ID,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    const firstDue = new Map([a, b, current].map((l) => [l.id, l.schedule[0]!.due_date]));
    const unpaid = [a, b];
    // Each boundary on each side, reached by one of the two unpaid loans.
    const days = [
      ...new Set(
        unpaid.flatMap((l) =>
          [0, 1, 30, 31, 60, 61, 90, 91].map((n) => addDays(firstDue.get(l.id)!, n)),
        ),
      ),
    ].sort();
    const seen = new Set<string>();
    for (const day of days) {
      await runUntil(day);
      const officer = await signInStaff(t, 'operations');
      const expected = new Map<string, { dpd: number; bucket: TDpdBucket }>();
      for (const l of unpaid) {
        const dpd = dpdOn(day, firstDue.get(l.id)!);
        expected.set(l.id, { dpd, bucket: bucketOf(dpd) });
      }
      expected.set(current.id, { dpd: 0, bucket: 'current' });

      const counts = await t.api.get<Record<TDpdBucket, number>>(
        `${CONSOLE}/loans/buckets`,
        officer.token,
      );
      expect(counts.status).toBe(200);
      const want = Object.fromEntries(DPD_BUCKETS.map((k) => [k, 0])) as Record<TDpdBucket, number>;
      for (const e of expected.values()) want[e.bucket] += 1;
      expect(counts.body.data, `counts on ${day}`).toEqual(want);

      for (const bucket of DPD_BUCKETS) {
        const page = await t.api.get<TPage<TConsoleLoan>>(
          `${CONSOLE}/loans?bucket=${bucket}&limit=100`,
          officer.token,
        );
        expect(page.status).toBe(200);
        const ids = [...expected].filter(([, e]) => e.bucket === bucket).map(([id]) => id);
        expect(page.body.data.items.map((r) => r.id).sort(), `${bucket} on ${day}`).toEqual(
          ids.sort(),
        );
        expect(page.body.data.items.map((r) => r.id)).not.toContain(waiting.id);
        for (const row of page.body.data.items) {
          // The row's own figures come from dues.ts; the filter from dpd-sql.ts: they agree.
          expect([row.dpd, row.dpd_bucket]).toEqual([expected.get(row.id)!.dpd, bucket]);
          if (row.dpd > 0) {
            expect(row.past_due_paise).toBeGreaterThan(0);
            expect(row.due_now_paise).toBeGreaterThanOrEqual(row.past_due_paise);
          }
          seen.add(bucket);
        }
      }
    }
    expect([...seen].sort()).toEqual([...DPD_BUCKETS].sort());

    // The loan page: each overdue instalment carries its own days past due.
    const officer = await signInStaff(t, 'operations');
    const page = (await t.api.get<TConsoleLoanDetail>(`${CONSOLE}/loans/${a.id}`, officer.token))
      .body.data;
    const overdue = page.schedule.filter((i) => i.state === 'overdue');
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    for (const i of overdue) expect(i.days_past_due).toBe(daysBetween(i.due_date, today()));
    expect(overdue[0]!.days_past_due).toBe(page.dpd);
    for (const i of page.schedule.filter((s) => s.state === 'upcoming'))
      expect(i.days_past_due).toBe(0);
  });
});

/** The one bucket whose `?bucket=` page lists the loan (every bucket asked). */
async function bucketsListing(loanId: string) {
  const officer = await signInStaff(t, 'operations');
  const found: { bucket: TDpdBucket; row: TConsoleLoan }[] = [];
  for (const bucket of DPD_BUCKETS) {
    const page = await t.api.get<TPage<TConsoleLoan>>(
      `${CONSOLE}/loans?bucket=${bucket}&limit=100`,
      officer.token,
    );
    const row = page.body.data.items.find((r) => r.id === loanId);
    if (row) found.push({ bucket, row });
  }
  return found;
}

describe('the bucket after payments', () => {
  it('a paid first instalment, then a second only partly paid: DPD runs from the second', async () => {
    let c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    await disbursed(t, [...(await officers())], loan);
    const [due1, due2] = loan.schedule.map((i) => i.due_date);
    // Auto-debit collects instalment 1 from the disbursed cash; then all but ₹1,000 is held,
    // which auto-debit takes on instalment 2's due date: a part of it, not all.
    await runUntil(due1!);
    c = await signInAgain(t, c);
    await holdAllCash(c, 100_000n);
    for (const n of [0, 1, 30, 31]) {
      await runUntil(addDays(due2!, n));
      const found = await bucketsListing(loan.id);
      expect(
        found.map((f) => f.bucket),
        `DPD ${n}`,
      ).toEqual([bucketOf(n)]);
      expect([found[0]!.row.dpd, found[0]!.row.dpd_bucket]).toEqual([n, bucketOf(n)]);
    }
    const officer = await signInStaff(t, 'operations');
    const page = (await t.api.get<TConsoleLoanDetail>(`${CONSOLE}/loans/${loan.id}`, officer.token))
      .body.data;
    expect(page.schedule[0]).toMatchObject({ state: 'paid', days_past_due: 0 });
    expect(page.schedule[1]).toMatchObject({ state: 'overdue', days_past_due: 31 });
    expect(page.schedule[1]!.paid_paise).toBe(100_000);
    expect(page.schedule[1]!.paid_paise).toBeLessThan(page.schedule[1]!.amount_paise);
  });
});

describe('a loan’s ledger postings', () => {
  it('lists every posting of the loan, newest first, each balanced; paged; role- and advisor-checked', async () => {
    const [officer] = await officers();
    const [first] = (
      await t.api.get<TPage<TConsoleLoan>>(`${CONSOLE}/loans?bucket=npa`, officer.token)
    ).body.data.items;
    expect(first).toBeDefined();
    const loanId = first!.id;
    const all: TPostingView[] = [];
    let cursor: string | null = null;
    do {
      const reply: { status: number; body: { data: TPage<TPostingView> } } = await t.api.get(
        `${CONSOLE}/loans/${loanId}/postings?limit=40${cursor ? `&cursor=${cursor}` : ''}`,
        officer.token,
      );
      expect(reply.status).toBe(200);
      all.push(...reply.body.data.items);
      cursor = reply.body.data.next_cursor;
    } while (cursor);
    const [{ n } = { n: 0 }] = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from ledger_postings where reference = 'loan:${loanId}'`,
    );
    expect(all).toHaveLength(n);
    expect(new Set(all.map((p) => p.id)).size).toBe(n);
    const ids = all.map((p) => Number(p.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    for (const p of all) {
      expect(p.reference).toBe(`loan:${loanId}`);
      expect(p.lines.length).toBeGreaterThanOrEqual(2);
      expect(
        p.lines.reduce((s, l) => s + l.amount_paise, 0),
        `posting ${p.id}`,
      ).toBe(0);
    }
    const kinds = new Set(all.map((p) => p.kind));
    for (const kind of ['loan_disbursal', 'loan_interest', 'loan_penal_charge'])
      expect(kinds).toContain(kind);
    const disbursal = all.find((p) => p.kind === 'loan_disbursal')!;
    expect(disbursal.lines.find((l) => l.account === 'loans')?.amount_paise).toBe(-5_000_000);

    const support = await signInStaff(t, 'support');
    expect((await t.api.get(`${CONSOLE}/loans/${loanId}/postings`, support.token)).status).toBe(
      403,
    );
    const otherAdvisor = await signInStaff(t, 'advisor');
    expect(
      (await t.api.get(`${CONSOLE}/loans/${loanId}/postings`, otherAdvisor.token)).status,
    ).toBe(403);
    expect(
      (
        await t.api.get(
          `${CONSOLE}/loans/00000000-0000-4000-8000-00000000abcd/postings`,
          officer.token,
        )
      ).status,
    ).toBe(404);
  });
});
