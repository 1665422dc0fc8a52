/**
 * Penal charges by RBI's circular of 18 Aug 2023 (docs/api-credit.md "Penal charges"): a
 * charge, not interest — never added to the rate, never compounded (it is charged on overdue
 * principal only, never on interest or on earlier penal charges), and shown on its own line.
 * The loan's terms say which (its product's setting when applied for, as its KFS named):
 *
 * - 'rate': `penalRateBps` a year on the principal overdue that day, actual/365, with its own
 *   sub-paisa carry (like interest, so a run of days sums to the closed form);
 * - 'flat': `penalFlatPaise` once, on the day after an instalment's due date if any of it is
 *   still unpaid.
 */
import { dayText, formatBps, formatPaise } from '@sampada/shared';
import { duesOf, type InstalmentRow } from './dues.ts';
import { accrue, addDays } from './interest.ts';
import type { LoanRow } from './views.ts';

export type PenalCharge = {
  amount: bigint;
  carry: bigint;
  memo: string;
  /** The instalment a flat charge is for. */
  flatFor: number | null;
};

export function penalForDay(
  terms: Pick<LoanRow, 'penalKind' | 'penalRateBps' | 'penalFlatPaise'>,
  row: Pick<
    LoanRow,
    | 'paidPrincipalPaise'
    | 'prepaidPrincipalPaise'
    | 'paidInterestPaise'
    | 'accruedInterestPaise'
    | 'outstandingPrincipalPaise'
    | 'feesDuePaise'
  >,
  instalments: InstalmentRow[],
  day: string,
  carry: bigint,
): PenalCharge {
  const none = { amount: 0n, carry, memo: '', flatFor: null };
  const dues = duesOf({
    instalments,
    today: day,
    scheduledPrincipalPaid: row.paidPrincipalPaise - row.prepaidPrincipalPaise,
    interestPaid: row.paidInterestPaise,
    accruedInterest: row.accruedInterestPaise,
    outstandingPrincipal: row.outstandingPrincipalPaise,
    penal: row.feesDuePaise,
  });
  if (terms.penalKind === 'flat') {
    const fell = dues.instalments.find(
      (i) => i.state === 'overdue' && i.dueDate === addDays(day, -1),
    );
    if (!fell || terms.penalFlatPaise <= 0n) return none;
    return {
      amount: terms.penalFlatPaise,
      carry,
      memo: `Penal charge ${formatPaise(terms.penalFlatPaise)}: instalment ${fell.number} due ${dayText(fell.dueDate)} unpaid`,
      flatFor: fell.number,
    };
  }
  if (dues.pastDuePrincipal <= 0n || terms.penalRateBps <= 0) return none;
  const accrued = accrue(dues.pastDuePrincipal, terms.penalRateBps, 1, carry);
  return {
    amount: accrued.interest,
    carry: accrued.carry,
    memo: `Penal charge for ${dayText(day)}: ${formatBps(terms.penalRateBps)} a year on overdue principal ${formatPaise(dues.pastDuePrincipal)}`,
    flatFor: null,
  };
}
