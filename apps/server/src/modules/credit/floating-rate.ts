/**
 * A floating rate's pure rules (decision 061): its rate is the benchmark plus the loan's
 * spread; it is reset on the due date that ends every `resetMonths` months from disbursal;
 * what a KFS tells of it; and how far keeping the EMI may lengthen a loan.
 */
import { BENCHMARK_NAME, formatBps, MAX_TENURE_MONTHS } from '@sampada/shared';
import { daysBetween, dueDates, type Period } from './interest.ts';

export const floatingRateBps = (benchmarkBps: number, spreadBps: number) =>
  benchmarkBps + spreadBps;

/**
 * The first reset day after `after`: a due date `resetMonths`, 2 × `resetMonths`, … months
 * from `start`, so a reset falls on a due date and a whole period runs at one rate.
 */
export function resetDateAfter(start: string, resetMonths: number, after: string): string {
  for (let k = 1; ; k++) {
    const day = dueDates(start, k * resetMonths).at(-1)!;
    if (day > after) return day;
  }
}

/**
 * Keeping the EMI when the rate rises may lengthen the loan to at most twice the tenure it
 * was sanctioned for (and never past the longest tenure a product may offer); beyond that the
 * EMI is raised instead (interest.ts `recompute`).
 */
export const maxInstalments = (sanctionedMonths: number) =>
  Math.min(2 * sanctionedMonths, MAX_TENURE_MONTHS);

/** The periods after the loan's last due date that a lengthened tenure may use. */
export function laterPeriods(start: string, lastDueDate: string, sanctionedMonths: number) {
  const dates = dueDates(start, maxInstalments(sanctionedMonths)).filter((d) => d > lastDueDate);
  let previous = lastDueDate;
  return dates.map((dueDate): Period => {
    const days = daysBetween(previous, dueDate);
    previous = dueDate;
    return { dueDate, days };
  });
}

/** What the KFS says of a floating rate, at sanction (RBI, 18 Aug 2023). */
export function floatingTermsText(terms: {
  benchmarkBps: number;
  spreadBps: number;
  resetMonths: number;
}) {
  const { benchmarkBps, spreadBps, resetMonths } = terms;
  const rate = formatBps(floatingRateBps(benchmarkBps, spreadBps));
  const every = resetMonths === 1 ? 'every month' : `every ${resetMonths} months`;
  return (
    `Floating rate: the ${BENCHMARK_NAME} (${formatBps(benchmarkBps)} today) plus a spread of ${formatBps(spreadBps)}, ${rate} a year now. ` +
    `It is reset ${every} from disbursal, on a due date, to the ${BENCHMARK_NAME} of that day plus the same spread. ` +
    'A change in the benchmark changes your EMI or your tenure: by default the tenure stays and the EMI changes; you may choose instead to keep the EMI and change the tenure (if the tenure would grow past twice the original, the EMI rises instead). ' +
    'We tell you the new rate, EMI and tenure at each reset; the spread does not change for the life of the loan.'
  );
}
