/**
 * A loan's instalments in loan_instalments: written at disbursal from the schedule the client
 * was quoted, billed day by day by the accrual (each day's interest to the instalment whose
 * period holds the day), and rewritten from the current one on after a prepayment.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TRepaymentKind } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import { type DuesInput, duesOf, type InstalmentRow } from './dues.ts';
import {
  daysBetween,
  type PrepaymentChoice,
  reschedule,
  type ScheduledInstalment,
} from './interest.ts';
import { loanAccruals, loanInstalments } from './tables.ts';
import { type LoanRow, scheduleOf } from './views.ts';

const toRow = (i: ScheduledInstalment, interestAccrued = 0n): InstalmentRow => ({
  number: i.number,
  dueDate: i.dueDate,
  principal: i.principal,
  interestEstimate: i.interest,
  interestAccrued,
});

/** The schedule the loan was quoted, as instalment rows (a loan disbursed before 0025). */
export function quotedInstalments(row: LoanRow, today: string): InstalmentRow[] {
  // Before the table existed the billed interest was not kept: the estimate stands for it.
  return scheduleOf(row, today).instalments.map((i) => toRow(i, i.interest));
}

export async function instalmentsOf(
  executor: Executor,
  loanIds: string[],
): Promise<Map<string, InstalmentRow[]>> {
  const rows = loanIds.length
    ? await executor
        .select()
        .from(loanInstalments)
        .where(inArray(loanInstalments.loanId, loanIds))
        .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number))
    : [];
  const out = new Map<string, InstalmentRow[]>();
  for (const r of rows) {
    const list = out.get(r.loanId) ?? [];
    list.push({
      number: r.number,
      dueDate: r.dueDate,
      principal: r.principalPaise,
      interestEstimate: r.interestEstimatePaise,
      interestAccrued: r.interestAccruedPaise,
    });
    out.set(r.loanId, list);
  }
  return out;
}

/** The dues of a loan row with its instalments, as of `today`. */
export function loanDues(row: LoanRow, instalments: InstalmentRow[], today: string) {
  const input: DuesInput = {
    instalments,
    today,
    scheduledPrincipalPaid: row.paidPrincipalPaise - row.prepaidPrincipalPaise,
    interestPaid: row.paidInterestPaise,
    accruedInterest: row.accruedInterestPaise,
    outstandingPrincipal: row.outstandingPrincipalPaise,
    penal: row.feesDuePaise,
  };
  return duesOf(input);
}

/** Writes the schedule at disbursal. */
export async function writeInstalments(tx: Tx, row: LoanRow, today: string) {
  const rows = scheduleOf(row, today).instalments;
  await tx.insert(loanInstalments).values(
    rows.map((i) => ({
      loanId: row.id,
      number: i.number,
      dueDate: i.dueDate,
      principalPaise: i.principal,
      interestEstimatePaise: i.interest,
    })),
  );
}

/**
 * A loan disbursed before the table existed gets its rows on first use: the quoted schedule,
 * each period's interest summed from the days loan_accruals kept.
 */
export async function ensureInstalments(tx: Tx, row: LoanRow, today: string) {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, row.id));
  if (n > 0 || !row.startDate) return;
  await writeInstalments(tx, row, today);
  const days = await tx
    .select({ day: loanAccruals.day, interest: loanAccruals.interestPaise })
    .from(loanAccruals)
    .where(eq(loanAccruals.loanId, row.id));
  const rows = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
  await billDays(tx, row.id, rows, days);
}

/** The instalment whose period holds `day`: the first due after it, else the last. */
export const instalmentOfDay = (rows: InstalmentRow[], day: string) =>
  rows.find((r) => r.dueDate > day) ?? rows.at(-1);

/** Adds each day's interest to the instalment whose period holds it. */
export async function billDays(
  tx: Tx,
  loanId: string,
  rows: InstalmentRow[],
  days: { day: string; interest: bigint }[],
) {
  const add = new Map<number, bigint>();
  for (const { day, interest } of days) {
    const target = instalmentOfDay(rows, day);
    if (!target || interest === 0n) continue;
    add.set(target.number, (add.get(target.number) ?? 0n) + interest);
  }
  for (const [number, amount] of add) {
    await tx
      .update(loanInstalments)
      .set({ interestAccruedPaise: sql`${loanInstalments.interestAccruedPaise} + ${amount}` })
      .where(and(eq(loanInstalments.loanId, loanId), eq(loanInstalments.number, number)));
  }
}

/**
 * The instalments not yet due on `today` and their periods (the first starting at the last due
 * date passed, or the disbursal day): what a prepayment or a rate reset recomputes.
 */
export function remainingOf(row: LoanRow, rows: InstalmentRow[], today: string) {
  const future = rows.filter((r) => r.dueDate > today);
  const firstIndex = future.length ? rows.indexOf(future[0]!) : 0;
  let previous = firstIndex === 0 ? row.startDate! : rows[firstIndex - 1]!.dueDate;
  const periods = future.map((r) => {
    const days = daysBetween(previous, r.dueDate);
    previous = r.dueDate;
    return { dueDate: r.dueDate, days };
  });
  return { future, periods };
}

/** The instalment the schedule asks next: its principal and estimated interest. */
export const instalmentAmount = (r: InstalmentRow) => r.principal + r.interestEstimate;

/**
 * Rewrites the instalments not yet due from `next` (numbered on from the first of `future`):
 * the same numbers updated, the ones no longer needed deleted, new ones (a longer tenure)
 * added. Each keeps the interest it has accrued (billed on its due date).
 */
export async function rewriteRemaining(
  tx: Tx,
  loanId: string,
  future: InstalmentRow[],
  next: ScheduledInstalment[],
) {
  const first = future[0]?.number ?? 1;
  for (const [k, old] of future.entries()) {
    const fresh = next[k];
    const where = and(eq(loanInstalments.loanId, loanId), eq(loanInstalments.number, old.number));
    if (!fresh) await tx.delete(loanInstalments).where(where);
    else
      await tx
        .update(loanInstalments)
        .set({ principalPaise: fresh.principal, interestEstimatePaise: fresh.interest })
        .where(where);
  }
  const added = next.slice(future.length).map((fresh, k) => ({
    loanId,
    number: first + future.length + k,
    dueDate: fresh.dueDate,
    principalPaise: fresh.principal,
    interestEstimatePaise: fresh.interest,
  }));
  if (added.length) await tx.insert(loanInstalments).values(added);
}

/**
 * After a prepayment: the instalments not yet due are recomputed on the principal left
 * (interest.ts `reschedule`), keeping their due dates; the ones a shorter tenure no longer
 * needs go. The current period keeps the interest it has accrued (billed on its due date).
 */
export async function rescheduleAfterPrepayment(
  tx: Tx,
  row: LoanRow,
  rows: InstalmentRow[],
  today: string,
  choice: PrepaymentChoice,
) {
  const { future, periods } = remainingOf(row, rows, today);
  if (future.length === 0) return;
  const next = reschedule({
    principal: row.outstandingPrincipalPaise,
    rateBps: row.annualRateBps,
    periods,
    repayment: row.repayment as TRepaymentKind,
    choice,
    emi: instalmentAmount(future[0]!),
  });
  await rewriteRemaining(tx, row.id, future, next);
}

/** Instalments due in exactly `days` days whose reminder is not sent yet. */
export async function unremindedDueOn(tx: Tx, loanId: string, dueDate: string) {
  return tx
    .select()
    .from(loanInstalments)
    .where(
      and(
        eq(loanInstalments.loanId, loanId),
        eq(loanInstalments.dueDate, dueDate),
        sql`${loanInstalments.remindedAt} is null`,
      ),
    );
}
