/**
 * A client's repayment record for the engagement module's trust score: of the instalments
 * that have fallen due on their loans, how many were covered by repayments made by their due
 * date. An instalment counts as paid on time when the repayments up to its due date (IST)
 * reach the schedule's amounts up to it; a loan closed before a due date owes nothing after.
 */
import { and, asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buildSchedule, istDay, periodsFrom, type ScheduledInstalment } from './interest.ts';
import { loanRepayments, loans } from './tables.ts';
import { outstandingOf } from './views.ts';

export type InstalmentRecord = { due: number; onTime: number; late: number };

/** Pure: the record of one loan's schedule against its repayments (by IST day). */
export function punctualityOf(
  instalments: readonly ScheduledInstalment[],
  repayments: readonly { day: string; amount: bigint }[],
  today: string,
  closedDay: string | null,
): InstalmentRecord {
  let scheduled = 0n;
  const record = { due: 0, onTime: 0, late: 0 };
  for (const i of instalments) {
    if (i.dueDate > today) break;
    if (closedDay !== null && closedDay <= i.dueDate) {
      // Repaid in full before this one fell due: counted as met.
      record.due++;
      record.onTime++;
      continue;
    }
    scheduled += i.amount;
    const paid = repayments
      .filter((r) => r.day <= i.dueDate)
      .reduce((sum, r) => sum + r.amount, 0n);
    record.due++;
    if (paid >= scheduled) record.onTime++;
    else record.late++;
  }
  return record;
}

export type RepaymentRecord = {
  /** What the disbursed loans owe today (principal, interest accrued, fees due). */
  owedPaise: bigint;
  closed: number;
  instalments: InstalmentRecord;
};

export function createPunctuality(db: Db) {
  return {
    /**
     * What the disbursed loans owe today, the closed loans, and the instalment record over
     * every disbursed or closed loan: engagement's one read of clients' loans, several
     * clients in two statements (client → record, an empty one if they have no loans).
     */
    async recordsOf(clientIds: readonly string[], today: string) {
      const rows = await db
        .select()
        .from(loans)
        .where(
          and(
            inArray(loans.clientId, [...clientIds]),
            inArray(loans.status, ['disbursed', 'closed']),
          ),
        );
      const started = rows.filter((loan) => loan.startDate);
      const paid = started.length
        ? await db
            .select({
              loanId: loanRepayments.loanId,
              amount: loanRepayments.amountPaise,
              at: loanRepayments.createdAt,
            })
            .from(loanRepayments)
            .where(
              inArray(
                loanRepayments.loanId,
                started.map((loan) => loan.id),
              ),
            )
            .orderBy(asc(loanRepayments.createdAt))
        : [];
      const records = new Map<string, RepaymentRecord>(
        clientIds.map((id) => [
          id,
          { owedPaise: 0n, closed: 0, instalments: { due: 0, onTime: 0, late: 0 } },
        ]),
      );
      for (const loan of rows) {
        const record = records.get(loan.clientId)!;
        if (loan.status === 'disbursed') record.owedPaise += outstandingOf(loan);
        if (loan.status === 'closed') record.closed++;
        if (!loan.startDate) continue;
        const schedule = buildSchedule({
          principal: loan.amountPaise,
          rateBps: loan.annualRateBps,
          periods: periodsFrom(loan.startDate, loan.tenureMonths),
          repayment: loan.repayment as 'emi' | 'interest_only',
        });
        const one = punctualityOf(
          schedule.instalments,
          paid
            .filter((p) => p.loanId === loan.id)
            .map((p) => ({ day: istDay(p.at), amount: p.amount })),
          today,
          loan.closedAt ? istDay(loan.closedAt) : null,
        );
        record.instalments.due += one.due;
        record.instalments.onTime += one.onTime;
        record.instalments.late += one.late;
      }
      return records;
    },
  };
}
