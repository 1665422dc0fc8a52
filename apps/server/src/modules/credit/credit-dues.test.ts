/**
 * Servicing with a moved clock, on real PostgreSQL over HTTP: the accrual job run day by day
 * (catching up the days the clock moved) bills interest at due dates, auto-debits what is due
 * from cash, turns what it cannot collect into overdue with penal charges, and a prepayment
 * recomputes the instalments to come.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TClientNotifications, TLoanDetail } from '@sampada/shared';
import { inTransaction } from '../../platform/transaction.ts';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  balancesOf,
  fund,
  keyed,
  type MoneyClient,
  openDeposits,
  signInAgain,
} from '../funds/test-fixtures.ts';
import {
  applied,
  borrower,
  disbursed,
  loanOf,
  PERSONAL_ID,
  accrueUntil,
  holdAllCash as holdAll,
} from './test-fixtures.ts';
import { accrue, addDays } from './interest.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
});
afterAll(async () => t?.close());

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const runUntil = (day: string) => accrueUntil(t, day);
/** All cash held for a withdrawal: auto-debit finds nothing. */
async function holdAllCash(c: MoneyClient) {
  await holdAll(t, c);
  expect((await balancesOf(t, c.id)).cash_available).toBe(0n);
}
/** ₹50,000 personal loan, 12 months EMI at 14%. */
async function emiLoan(c: MoneyClient) {
  const loan = await applied(t, c, {
    product_id: PERSONAL_ID,
    amount_paise: 5_000_000,
    tenure_months: 12,
  });
  // Staff sessions end as the clock moves: officers sign in afresh for each loan.
  await disbursed(
    t,
    [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')],
    loan,
  );
  return loan;
}
const postings = async (loanId: string, kind: string) =>
  (
    await sqlRows<{ n: number; total: string | null }>(
      t,
      `select count(*)::int as n, sum(l.amount)::text as total from ledger_postings p
       join ledger_lines l on l.posting_id = p.id
       join ledger_accounts a on a.id = l.account_id and a.kind = 'fees' and a.client_id is null
       where p.kind = '${kind}' and p.reference = 'loan:${loanId}'`,
    )
  )[0]!;

describe('a 12-month EMI loan', () => {
  it('paid on time by auto-debit: every instalment paid on its date, interest as quoted, closed', async () => {
    let c = await borrower(t, { rupees: 20_000 });
    const loan = await emiLoan(c);
    c = await signInAgain(t, c);
    const quoted = (await loanOf(t, c, loan.id)).schedule;
    expect(quoted).toHaveLength(12);
    for (const [k, instalment] of quoted.entries()) {
      await runUntil(addDays(instalment.due_date, -3));
      await runUntil(instalment.due_date);
      c = await signInAgain(t, c);
      const now = await loanOf(t, c, loan.id);
      if (k < 11) {
        expect(now.schedule[k]).toMatchObject({
          state: 'paid',
          amount_paise: instalment.amount_paise,
        });
        expect([now.due_now_paise, now.past_due_paise, now.dpd]).toEqual([0, 0, 0]);
      } else expect(now.status).toBe('closed');
    }
    const done = await loanOf(t, c, loan.id);
    const totalInterest = quoted.reduce((s, i) => s + i.interest_paise, 0);
    expect([done.paid_principal_paise, done.paid_interest_paise, done.paid_fees_paise]).toEqual([
      5_000_000,
      totalInterest,
      0,
    ]);
    const kinds = done.events.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'due_reminder')).toHaveLength(12);
    expect(kinds.filter((k) => k === 'auto_debit_failed')).toHaveLength(0);
    // The client was told of each reminder and of the loan's steps (decision 049).
    const told = (
      await t.api.get<TClientNotifications>('/client/app/v1/notifications', c.token)
    ).body.data.items.filter((n) => n.subject_id === loan.id);
    expect(told.filter((n) => n.kind === 'loan.due_reminder')).toHaveLength(12);
    expect(told.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['loan.approve', 'loan.disburse', 'loan.close']),
    );
    await ledgerOk();
  });

  it('paid late: overdue from the day after, penal 24% a year on overdue principal to the paisa', async () => {
    let c = await borrower(t, { rupees: 0 });
    const loan = await emiLoan(c);
    await holdAllCash(c);
    c = await signInAgain(t, c);
    const first = (await loanOf(t, c, loan.id)).schedule[0]!;
    await runUntil(first.due_date);
    c = await signInAgain(t, c);
    let now = await loanOf(t, c, loan.id);
    expect(now.events.map((e) => e.kind)).toContain('auto_debit_failed');
    const told = (
      await t.api.get<TClientNotifications>('/client/app/v1/notifications', c.token)
    ).body.data.items.filter((n) => n.subject_id === loan.id);
    expect(told.map((n) => n.kind)).toContain('loan.auto_debit_failed');
    expect(now.schedule[0]!.state).toBe('due');
    expect(now.due_now_paise).toBe(first.amount_paise);
    expect(now.past_due_paise).toBe(0);

    // Ten days late: DPD 10 (SMA-0), the penal charge for the 10 days past the due date.
    await runUntil(addDays(first.due_date, 10));
    c = await signInAgain(t, c);
    now = await loanOf(t, c, loan.id);
    expect(now.schedule[0]!.state).toBe('overdue');
    expect([now.dpd, now.dpd_bucket]).toEqual([10, 'sma_0']);
    // By hand: principal overdue × 24% × 10 / 365, floored (days 1–9 accrued through
    // yesterday: the day of the due date + 1 to + 9 → 9 days charged so far).
    const principal = BigInt(first.principal_paise);
    const byHand = (principal * 2_400n * 9n) / 3_650_000n;
    expect(byHand).toBe(accrue(principal, 2_400, 9).interest);
    expect(BigInt(now.fees_due_paise)).toBe(byHand);
    expect(now.past_due_paise).toBe(first.amount_paise + now.fees_due_paise);
    // Settlement keeps back the same figure, read inside the payout's own transaction.
    const kept = await inTransaction(t.ctx.db, (tx) => t.ctx.credit.loans.dueNowOf(c.id, tx));
    expect(kept).toBe(BigInt(now.due_now_paise));
    const penal = await postings(loan.id, 'loan_penal_charge');
    expect(BigInt(penal.total ?? '0')).toBe(byHand);
    // Never compounded: the interest accrued is on the principal alone, as every day.
    const [row] = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from loan_accruals where loan_id = '${loan.id}' and principal_paise <> 5000000`,
    );
    expect(row!.n).toBe(0);

    // Money arrives; the next run collects penal first, then interest, then principal.
    await fund(t, c, 20_000);
    await runUntil(addDays(first.due_date, 11));
    c = await signInAgain(t, c);
    now = await loanOf(t, c, loan.id);
    expect(now.schedule[0]!.state).toBe('paid');
    expect([now.due_now_paise, now.past_due_paise, now.dpd, now.fees_due_paise]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(now.paid_fees_paise).toBeGreaterThan(Number(byHand));
    await ledgerOk();
  });

  it('prepaid in month 4: shorter tenure keeps the EMI; lower EMI keeps the dates', async () => {
    for (const choice of ['reduce_tenure', 'reduce_emi'] as const) {
      let c = await borrower(t, { rupees: 20_000 });
      const loan = await emiLoan(c);
      c = await signInAgain(t, c);
      const quoted = (await loanOf(t, c, loan.id)).schedule;
      await runUntil(quoted[2]!.due_date);
      await runUntil(addDays(quoted[2]!.due_date, 10));
      c = await signInAgain(t, c);
      await fund(t, c, 20_000);
      const before: TLoanDetail = await loanOf(t, c, loan.id);
      expect(before.schedule.slice(0, 3).map((i) => i.state)).toEqual(['paid', 'paid', 'paid']);
      const reply = await t.api.post<{ principal_paise: number; interest_paise: number }>(
        `/loan/app/v1/loans/${loan.id}/repay`,
        { amount_paise: 1_500_000, pin: c.pin, prepayment: choice },
        c.token,
        keyed(),
      );
      expect(reply.status).toBe(200);
      // Nothing was due: all of it is principal, prepaid.
      expect([reply.body.data.principal_paise, reply.body.data.interest_paise]).toEqual([
        1_500_000, 0,
      ]);
      const after = await loanOf(t, c, loan.id);
      const future = after.schedule.filter((i) => i.state === 'upcoming');
      expect(future.reduce((s, i) => s + i.principal_paise, 0)).toBe(
        after.outstanding_principal_paise,
      );
      // The instalments already paid stand as they were (balances after them now net of the
      // prepayment, which the view subtracts from the amount lent).
      const paidPart = (l: TLoanDetail) =>
        l.schedule.slice(0, 3).map(({ balance_after_paise: _, ...rest }) => rest);
      expect(paidPart(after)).toEqual(paidPart(before));
      if (choice === 'reduce_tenure') {
        expect(after.schedule.length).toBeLessThan(12);
        expect(future[1]!.amount_paise).toBe(quoted[4]!.amount_paise);
      } else {
        expect(after.schedule).toHaveLength(12);
        expect(future[1]!.amount_paise).toBeLessThan(quoted[4]!.amount_paise);
        expect(future.map((i) => i.due_date)).toEqual(quoted.slice(3).map((i) => i.due_date));
      }
      // The recomputed schedule is what auto-debit then collects, to closure.
      for (const i of future) await runUntil(i.due_date);
      c = await signInAgain(t, c);
      expect((await loanOf(t, c, loan.id)).status).toBe('closed');
    }
    await ledgerOk();
  });
});
