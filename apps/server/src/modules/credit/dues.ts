/**
 * What a disbursed loan owes, by instalment (docs/api-credit.md "Dues"). Pure: the caller
 * passes the instalments (loan_instalments) and the loan's paid totals.
 *
 * - An instalment's principal is due on its due date. Its interest is the interest actually
 *   accrued on the days of its period (from the previous due date, or the disbursal day, to
 *   the day before its due date), billed on its due date; before then the schedule shows the
 *   estimate and nothing of it is due.
 * - What was paid is applied to instalments oldest first (principal paid toward the schedule —
 *   prepayments excluded —, and interest paid), so each instalment is paid, due (due today),
 *   overdue (its due date has passed) or upcoming.
 * - Due now = penal charges + interest due + principal due (overdue and due today). Past due
 *   is the overdue part. Accrued-not-due is interest accrued since the last due date.
 * - Days past due: today − the oldest overdue instalment's due date; the bucket is SMA-0
 *   (1–30), SMA-1 (31–60), SMA-2 (61–90) or NPA (over 90).
 */
import { daysBetween } from './interest.ts';

export type InstalmentRow = {
  number: number;
  dueDate: string;
  principal: bigint;
  /** The schedule's estimate of the period's interest. */
  interestEstimate: bigint;
  /** Interest accrued so far on the days of this period. */
  interestAccrued: bigint;
};

export type InstalmentState = 'paid' | 'due' | 'overdue' | 'upcoming';
export type DpdBucket = 'current' | 'sma_0' | 'sma_1' | 'sma_2' | 'npa';

export type InstalmentDues = {
  number: number;
  dueDate: string;
  principal: bigint;
  interest: bigint;
  principalPaid: bigint;
  interestPaid: bigint;
  state: InstalmentState;
  /** Overdue: today − its due date (the loan's DPD is its oldest overdue one's); else 0. */
  daysPastDue: number;
};

export type Dues = {
  instalments: InstalmentDues[];
  principalDue: bigint;
  interestDue: bigint;
  /** Of the dues, what is past its due date (penal charges included). */
  pastDue: bigint;
  pastDuePrincipal: bigint;
  dueNow: bigint;
  interestNotDue: bigint;
  principalNotDue: bigint;
  penal: bigint;
  dpd: number;
  bucket: DpdBucket;
  nextDueDate: string | null;
};

export type DuesInput = {
  instalments: InstalmentRow[];
  today: string;
  /** Principal paid toward the schedule: all principal paid less prepayments. */
  scheduledPrincipalPaid: bigint;
  interestPaid: bigint;
  /** Interest accrued and unpaid (the loan row). */
  accruedInterest: bigint;
  outstandingPrincipal: bigint;
  penal: bigint;
};

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

export function bucketOf(dpd: number): DpdBucket {
  if (dpd <= 0) return 'current';
  if (dpd <= 30) return 'sma_0';
  if (dpd <= 60) return 'sma_1';
  if (dpd <= 90) return 'sma_2';
  return 'npa';
}

export function duesOf(input: DuesInput): Dues {
  const { today } = input;
  let principalLeft = input.scheduledPrincipalPaid;
  let interestLeft = input.interestPaid;
  let principalDue = 0n;
  let interestDue = 0n;
  let pastDuePrincipal = 0n;
  let pastDueInterest = 0n;
  let oldestOverdue: string | null = null;
  const instalments = input.instalments.map((row): InstalmentDues => {
    const billed = row.dueDate <= today;
    const interest = billed ? row.interestAccrued : row.interestEstimate;
    const principalPaid = min(principalLeft, row.principal);
    principalLeft -= principalPaid;
    const interestPaid = billed ? min(interestLeft, interest) : 0n;
    interestLeft -= interestPaid;
    const unpaid = row.principal - principalPaid + (billed ? interest - interestPaid : 0n);
    let state: InstalmentState = 'upcoming';
    if (billed && unpaid === 0n) state = 'paid';
    else if (billed) state = row.dueDate < today ? 'overdue' : 'due';
    else if (row.principal === principalPaid && principalPaid > 0n) state = 'paid';
    if (billed) {
      principalDue += row.principal - principalPaid;
      interestDue += interest - interestPaid;
    }
    if (state === 'overdue') {
      pastDuePrincipal += row.principal - principalPaid;
      pastDueInterest += interest - interestPaid;
      oldestOverdue ??= row.dueDate;
    }
    const daysPastDue = state === 'overdue' ? daysBetween(row.dueDate, today) : 0;
    return { ...row, interest, principalPaid, interestPaid, state, daysPastDue };
  });
  // Never more interest due than is accrued and unpaid on the loan row.
  interestDue = min(interestDue, input.accruedInterest);
  const dpd = oldestOverdue ? daysBetween(oldestOverdue, today) : 0;
  const next = input.instalments.find((i) => i.dueDate > today);
  return {
    instalments,
    principalDue,
    interestDue,
    pastDue: pastDuePrincipal + pastDueInterest + input.penal,
    pastDuePrincipal,
    dueNow: principalDue + interestDue + input.penal,
    // Interest paid beyond what was billed (an old loan's repayments) leaves nothing unbilled.
    interestNotDue: max(0n, input.accruedInterest - interestDue),
    principalNotDue: max(0n, input.outstandingPrincipal - principalDue),
    penal: input.penal,
    dpd,
    bucket: bucketOf(dpd),
    nextDueDate: next?.dueDate ?? null,
  };
}
