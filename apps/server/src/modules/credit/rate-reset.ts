/**
 * A floating loan's rate reset (decision 061; RBI, 18 Aug 2023), run by the accrual with the
 * loan locked, once the loan is accrued to the day before its reset day: the rate becomes the
 * benchmark of that day plus the loan's spread, so interest from the reset day on accrues at
 * it; when it changed, the instalments not yet due are recomputed by the borrower's choice
 * (interest.ts `recompute`, the prepayment's rule), the client is told old → new in the app
 * and by e-mail, and the next reset day moves on. The loan_rate_resets row (primary key loan
 * and day) and the UPDATE guarded on the reset day make a reset happen once.
 */
import { and, eq } from 'drizzle-orm';
import { BENCHMARK_NAME, formatBps, formatPaise, type TRepaymentKind } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { benchmarkOn } from './benchmark.ts';
import { floatingRateBps, laterPeriods, resetDateAfter } from './floating-rate.ts';
import { instalmentAmount, instalmentsOf, remainingOf, rewriteRemaining } from './instalments.ts';
import { type Kept, recompute } from './interest.ts';
import { recordLoanEvent } from './lifecycle.ts';
import type { ClientNotice } from './margin-calls.ts';
import { type NoticeFact, noticeHtml } from './notice-html.ts';
import { loanRateResets, loans } from './tables.ts';
import { type LoanRow, paiseNumber } from './views.ts';

type Deps = { clock: Clock; notify?: ClientNotice | undefined };

/** A reset's figures: what the client is told and loan_rate_resets keeps. */
export type ResetFigures = {
  day: string;
  benchmarkBps: number;
  oldRate: number;
  newRate: number;
  wanted: Kept;
  kept: Kept;
  oldEmi: bigint;
  newEmi: bigint;
  oldCount: number;
  newCount: number;
  lastDue: string | null;
};

/** Is a locked, accrued loan at its reset day? (The caller accrued it to the day before.) */
export const resetDue = (row: LoanRow, today: string) =>
  row.status === 'disbursed' &&
  row.rateType === 'floating' &&
  row.nextResetDate !== null &&
  row.nextResetDate <= today;

export async function resetRateLocked(deps: Deps, tx: Tx, row: LoanRow): Promise<LoanRow> {
  const day = row.nextResetDate!;
  // With no rate in force that day (none was ever set before it) the loan keeps its own.
  const benchmarkBps = (await benchmarkOn(tx, day)) ?? row.annualRateBps - row.spreadBps!;
  const newRate = floatingRateBps(benchmarkBps, row.spreadBps!);
  const rows = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
  const { future, periods } = remainingOf(row, rows, day);
  const wanted: Kept = row.resetPreference === 'emi' ? 'emi' : 'tenure';
  const oldEmi = future[0] ? instalmentAmount(future[0]) : 0n;
  const changed = newRate !== row.annualRateBps;
  // Past its last due date (overdue) there is no schedule left to recompute, only the rate.
  const next =
    changed && future.length > 0
      ? recompute({
          principal: future.reduce((sum, r) => sum + r.principal, 0n),
          rateBps: newRate,
          periods,
          repayment: row.repayment as TRepaymentKind,
          keep: wanted,
          emi: oldEmi,
          later: laterPeriods(row.startDate!, future.at(-1)!.dueDate, row.tenureMonths),
        })
      : null;
  const figures: ResetFigures = {
    day,
    benchmarkBps,
    oldRate: row.annualRateBps,
    newRate,
    wanted,
    kept: next?.kept ?? wanted,
    oldEmi,
    newEmi: next?.instalments[0]?.amount ?? oldEmi,
    oldCount: future.length,
    newCount: next ? next.instalments.length : future.length,
    lastDue: (next ? next.instalments.at(-1)?.dueDate : future.at(-1)?.dueDate) ?? null,
  };
  const moved = await moveRate(deps, tx, row, figures);
  if (next) await rewriteRemaining(tx, row.id, future, next.instalments);
  if (changed) await tell(deps, tx, moved, figures);
  return moved;
}

/** The loan's new rate and next reset day, the reset's row and its audit. */
async function moveRate(deps: Deps, tx: Tx, row: LoanRow, f: ResetFigures) {
  const now = deps.clock.now();
  const [moved] = await tx
    .update(loans)
    .set({
      annualRateBps: f.newRate,
      nextResetDate: resetDateAfter(row.startDate!, row.resetMonths!, f.day),
      updatedAt: now,
    })
    .where(and(eq(loans.id, row.id), eq(loans.nextResetDate, f.day)))
    .returning();
  if (!moved) throw new Error(`Loan ${row.id} moved while its rate reset was locked`);
  await tx.insert(loanRateResets).values({
    loanId: row.id,
    resetDate: f.day,
    benchmarkBps: f.benchmarkBps,
    spreadBps: row.spreadBps!,
    oldRateBps: f.oldRate,
    newRateBps: f.newRate,
    preference: f.kept,
    oldEmiPaise: f.oldEmi,
    newEmiPaise: f.newEmi,
    oldInstalments: f.oldCount,
    newInstalments: f.newCount,
    createdAt: now,
  });
  await recordAudit(
    tx,
    { type: 'system', id: 'credit-rate-reset' },
    {
      action: 'loan.rate_reset',
      subjectType: 'loan',
      subjectId: row.id,
      before: { annualRateBps: f.oldRate, emiPaise: f.oldEmi.toString(), instalments: f.oldCount },
      after: {
        clientId: row.clientId,
        resetDate: f.day,
        benchmarkBps: f.benchmarkBps,
        spreadBps: row.spreadBps,
        annualRateBps: f.newRate,
        emiPaise: f.newEmi.toString(),
        instalments: f.newCount,
        kept: f.kept,
        nextResetDate: moved.nextResetDate,
      },
    },
  );
  return moved;
}

/** The sentence the loan's page, the bell and the e-mail say. */
export function resetMessage(f: ResetFigures, spreadBps: number) {
  const rate = `Your loan's floating rate was reset on ${f.day} (IST) to ${formatBps(f.newRate)} a year (was ${formatBps(f.oldRate)}): the ${BENCHMARK_NAME} of ${formatBps(f.benchmarkBps)} plus your spread of ${formatBps(spreadBps)}.`;
  const ending = f.lastDue ? `, the last due on ${f.lastDue} (IST)` : '';
  const schedule =
    f.kept === 'tenure'
      ? `Your instalment is now ${formatPaise(f.newEmi)} (was ${formatPaise(f.oldEmi)}), for the same ${f.newCount} instalments left${ending}.`
      : `Your instalment stays ${formatPaise(f.newEmi)}; instalments left: ${f.newCount} (was ${f.oldCount})${ending}.`;
  const raised =
    f.wanted === 'emi' && f.kept === 'tenure'
      ? ' Keeping the instalment would have lengthened the loan past twice its original tenure, so the instalment changed instead.'
      : '';
  return `${rate} ${schedule}${raised}`;
}

async function tell(deps: Deps, tx: Tx, row: LoanRow, f: ResetFigures) {
  const message = resetMessage(f, row.spreadBps!);
  await recordLoanEvent(
    tx,
    deps.clock,
    row.id,
    'rate_reset',
    message,
    { resetDate: f.day },
    {
      type: 'rate_reset',
      old_rate_bps: f.oldRate,
      new_rate_bps: f.newRate,
      old_emi_paise: paiseNumber(f.oldEmi),
      new_emi_paise: paiseNumber(f.newEmi),
      old_instalments: f.oldCount,
      new_instalments: f.newCount,
    },
  );
  const subject = `Your loan's interest rate is now ${formatBps(f.newRate)}`;
  const facts: NoticeFact[] = [
    ['Rate', `${formatBps(f.oldRate)} → ${formatBps(f.newRate)} a year`],
    ['Instalment', `${formatPaise(f.oldEmi)} → ${formatPaise(f.newEmi)}`],
    ['Instalments left', `${f.oldCount} → ${f.newCount}`],
    ['Reset on', `${f.day} (IST)`],
  ];
  await deps.notify?.(tx, row.clientId, {
    purpose: 'loan.rate_reset',
    subject,
    body: message,
    html: noticeHtml({ subject, message, facts }),
  });
}
