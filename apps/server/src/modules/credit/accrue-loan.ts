/**
 * Interest accrual of a locked, disbursed loan: one loan_accruals row and one posting (firm
 * loans ← interest income) per day under loan:<id>:accrual:<day>, the day's penal charge when
 * principal is overdue, and a floating rate reset on its reset day on the way.
 */
import { and, eq } from 'drizzle-orm';
import { formatPaise } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { firmAccount } from '../ledger/service.ts';
import { billDays, ensureInstalments, instalmentOfDay, instalmentsOf } from './instalments.ts';
import { accrue, addDays, daysBetween, istDay } from './interest.ts';
import { recordLoanEvent } from './lifecycle.ts';
import { type PenalCharge, penalForDay } from './penal.ts';
import { resetDue, resetRateLocked } from './rate-reset.ts';
import type { AccrualResult, ServicingDeps } from './servicing-deps.ts';
import { loanAccruals, loans } from './tables.ts';
import { type LoanRow, paiseNumber } from './views.ts';

/**
 * Accrues a locked, disbursed loan's days up to `through`, resetting a floating rate on its
 * reset day on the way (rate-reset.ts): the days before it accrue at the old rate, the reset
 * runs once the loan is accrued to the day before and the day has come, and the days from
 * it on accrue at the new rate — so a run that catches up several days charges each day the
 * rate it had.
 */
export async function accrueLocked(deps: ServicingDeps, tx: Tx, row: LoanRow, through: string) {
  const { clock } = deps;
  const total: AccrualResult = { days: 0, postings: 0, interest: 0n };
  let current = row;
  for (;;) {
    const eve = resetDue(current, istDay(clock.now())) ? addDays(current.nextResetDate!, -1) : null;
    if (eve !== null && current.accruedThrough! >= eve) {
      current = await resetRateLocked({ clock, notify: deps.notify }, tx, current);
      continue;
    }
    const step = await accrueSpan(deps, tx, current, eve !== null && eve < through ? eve : through);
    current = step.row;
    total.days += step.result.days;
    total.postings += step.result.postings;
    total.interest += step.result.interest;
    if (eve === null || current.accruedThrough !== eve) return { row: current, result: total };
  }
}

/**
 * Accrues a locked, disbursed loan's days up to `through`; returns the row as it is after.
 * Catching up posts each missing day on its own, as the day would have been posted. Each
 * day's interest is billed to the instalment whose period holds it, and a day on which
 * principal is overdue carries the penal charge its KFS named (penal.ts), kept on the loan.
 */
async function accrueSpan(deps: ServicingDeps, tx: Tx, row: LoanRow, through: string) {
  const { clock } = deps;
  const result: AccrualResult = { days: 0, postings: 0, interest: 0n };
  if (row.status !== 'disbursed' || !row.accruedThrough || row.accruedThrough >= through)
    return { row, result };
  await ensureInstalments(tx, row, istDay(clock.now()));
  const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
  let carry = row.accrualCarry;
  let penalCarry = row.penalCarry;
  let interestTotal = 0n;
  let penalTotal = 0n;
  const billed: { day: string; interest: bigint }[] = [];
  const days = daysBetween(row.accruedThrough, through);
  const now = clock.now();
  for (let k = 1; k <= days; k++) {
    const day = addDays(row.accruedThrough, k);
    const accrued = accrue(row.outstandingPrincipalPaise, row.annualRateBps, 1, carry);
    carry = accrued.carry;
    const postingId = await postDay(deps, tx, row, day, accrued.interest);
    if (postingId !== null) result.postings += 1;
    await tx.insert(loanAccruals).values({
      loanId: row.id,
      day,
      principalPaise: row.outstandingPrincipalPaise,
      interestPaise: accrued.interest,
      postingId,
      createdAt: now,
    });
    billed.push({ day, interest: accrued.interest });
    const holder = instalmentOfDay(instalments, day);
    if (holder) holder.interestAccrued += accrued.interest;
    const penal = penalForDay(row, row, instalments, day, penalCarry);
    penalCarry = penal.carry;
    if (penal.amount > 0n) {
      await postPenal(deps, tx, row, day, penal);
      result.postings += 1;
      penalTotal += penal.amount;
    }
    interestTotal += accrued.interest;
    result.days += 1;
  }
  // The in-memory rows were billed as the days went; the table gets the same sums.
  await billDays(tx, row.id, (await instalmentsOf(tx, [row.id])).get(row.id) ?? [], billed);
  const [updated] = await tx
    .update(loans)
    .set({
      accruedThrough: through,
      accrualCarry: carry,
      penalCarry,
      accruedInterestPaise: row.accruedInterestPaise + interestTotal,
      feesDuePaise: row.feesDuePaise + penalTotal,
      updatedAt: now,
    })
    .where(and(eq(loans.id, row.id), eq(loans.accruedThrough, row.accruedThrough)))
    .returning();
  if (!updated) throw new Error(`Loan ${row.id} moved while its accrual was locked`);
  result.interest = interestTotal;
  return { row: updated, result };
}

/** One day's interest posting (firm loans ← interest income); null below a paisa. */
async function postDay(deps: ServicingDeps, tx: Tx, row: LoanRow, day: string, interest: bigint) {
  if (interest <= 0n) return null;
  const posted = await deps.ledger.transfer(tx, {
    kind: 'loan_interest',
    clientId: row.clientId,
    memo: `Interest for ${day} on ${formatPaise(row.outstandingPrincipalPaise)}`,
    reference: `loan:${row.id}`,
    idempotencyKey: `loan:${row.id}:accrual:${day}`,
    // The loans account is the firm's claim, carried negative like bank_clearing:
    // interest accrued makes the claim larger, so the line on loans is negative.
    from: firmAccount('loans'),
    to: firmAccount('interest_income'),
    amount: interest,
  });
  return posted.postingId;
}

/** A day's penal charge: firm loans (the claim grows) ← fees; its own line, no interest. */
async function postPenal(
  deps: ServicingDeps,
  tx: Tx,
  row: LoanRow,
  day: string,
  penal: PenalCharge,
) {
  const posted = await deps.ledger.transfer(tx, {
    kind: 'loan_penal_charge',
    clientId: row.clientId,
    memo: penal.memo,
    reference: `loan:${row.id}`,
    idempotencyKey: `loan:${row.id}:penal:${day}`,
    from: firmAccount('loans'),
    to: firmAccount('fees'),
    amount: penal.amount,
  });
  await recordLoanEvent(
    tx,
    deps.clock,
    row.id,
    'penal_charge',
    penal.memo,
    { postingId: posted.postingId },
    { type: 'amount', amount_paise: paiseNumber(penal.amount), reason: null },
  );
}
