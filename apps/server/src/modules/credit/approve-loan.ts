/** An officer's approval of an application, under maker-checker above the threshold. */
import { and, eq, isNull } from 'drizzle-orm';
import { LM, type TLoanStatus } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { approvalStep, secondOfficerWhere } from '../../platform/maker-checker.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { applyLoanTransition, recordLoanEvent } from './lifecycle.ts';
import { loanDecider } from './loan-access.ts';
import { consoleDetailOf } from './loan-console-views.ts';
import type { DecideOptions, DecideWith, LoanDeps } from './loan-deps.ts';
import { loans } from './tables.ts';
import type { LoanRow } from './views.ts';

export async function approveLoan(deps: LoanDeps, loanId: string, options: DecideWith) {
  await loanDecider(deps, options.staffId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const { row } = await approveIn(deps, tx, loanId, options);
    return consoleDetailOf(deps, row, tx);
  });
}

/**
 * An officer's approval. With one approval required it approves; with two, the first
 * officer's is recorded and a different officer's completes it. The loan row is locked
 * first, so concurrent approvals line up: of two at once on a one-approval loan, the
 * second finds it approved (409); the same officer can never be both approvals.
 */
export async function approveIn(deps: LoanDeps, tx: Tx, loanId: string, options: DecideOptions) {
  const [row] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!row) throw notFound(LM.loanNotFound);
  if (row.status !== 'applied') throw conflict(LM.alreadyStatus(row.status as TLoanStatus));
  const note = options.reason?.trim() || null;
  const now = deps.clock.now();
  const step = approvalStep(row, options.staffId, LM.secondApprovalSameOfficer);
  if (step === 'first') {
    const first = await recordFirstApproval(deps, tx, row, { ...options, loanId, note, now });
    return { row: first, complete: false };
  }
  const second = step === 'second';
  const moved = await applyLoanTransition(tx, deps.clock, {
    events: deps.events,
    loanId,
    action: 'approve',
    actor: options.actor,
    set: second
      ? { secondApprovedBy: options.staffId, secondApprovedAt: now, decidedBy: options.staffId }
      : { firstApprovedBy: options.staffId, firstApprovedAt: now, decidedBy: options.staffId },
    where: second
      ? secondOfficerWhere(loans.firstApprovedBy, options.staffId)
      : isNull(loans.firstApprovedBy),
    event: { message: 'Loan approved. It will be disbursed to your cash shortly.' },
    audit: { staffId: options.staffId, approvals: second ? 2 : 1, note },
  });
  return { row: moved, complete: true };
}

/** The first of two approvals: recorded on the row, the loan stays applied. */
async function recordFirstApproval(
  deps: LoanDeps,
  tx: Tx,
  row: LoanRow,
  options: DecideOptions & { loanId: string; note: string | null; now: Date },
) {
  const { loanId, staffId, now, note } = options;
  const [first] = await tx
    .update(loans)
    .set({ firstApprovedBy: staffId, firstApprovedAt: now, updatedAt: now })
    .where(and(eq(loans.id, loanId), eq(loans.status, 'applied'), isNull(loans.firstApprovedBy)))
    .returning();
  if (!first) throw conflict(LM.alreadyStatus(row.status as TLoanStatus));
  await recordAudit(tx, options.actor, {
    action: 'loan.approve_first',
    subjectType: 'loan',
    subjectId: loanId,
    before: { status: 'applied', approvals: 0 },
    after: { status: 'applied', approvals: 1, staffId, note },
  });
  await recordLoanEvent(
    tx,
    deps.clock,
    loanId,
    'approve_first',
    'First approval given; a second officer reviews loans of this size.',
  );
  return first;
}
