/**
 * A repayment of a locked loan: cash (guarded: never beyond the balance) into the firm's loans
 * account, paying fees, then interest, then principal (allocation.ts); a prepayment recomputes
 * the instalments still to come; at zero the loan closes and its pledge is released, in the
 * same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatPaise, LM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { clientAccount, firmAccount, InsufficientBalance } from '../ledger/service.ts';
import { accrueLocked } from './accrue-loan.ts';
import { allocateRepayment } from './allocation.ts';
import {
  ensureInstalments,
  instalmentsOf,
  loanDues,
  rescheduleAfterPrepayment,
} from './instalments.ts';
import { istDay, type PrepaymentChoice } from './interest.ts';
import { applyLoanTransition, recordLoanEvent } from './lifecycle.ts';
import {
  type Closing,
  type RepaymentSource,
  type ServicingDeps,
  yesterdayOf,
} from './servicing-deps.ts';
import { loanRepayments, loans } from './tables.ts';
import { type LoanRow, outstandingOf } from './views.ts';

const REPAID: Record<RepaymentSource, (amount: bigint, prepaid: bigint) => string> = {
  client: (amount, prepaid) =>
    prepaid > 0n
      ? `Repayment of ${formatPaise(amount)} received; ${formatPaise(prepaid)} of it prepaid principal, and the instalments to come were recomputed.`
      : `Repayment of ${formatPaise(amount)} received.`,
  auto_debit: (amount) =>
    `Auto-debit: ${formatPaise(amount)} collected from your cash for what was due.`,
  pledge_sale: (amount) =>
    `${formatPaise(amount)} from the sale of pledged shares applied to the loan.`,
};

const REPAID_IN_FULL: Closing = {
  action: 'close',
  closedBy: 'repaid',
  message: 'Loan repaid in full and closed; pledged shares released. Your no-dues letter is ready.',
};

type Split = { fees: bigint; interest: bigint; principal: bigint };

/** The loan accrued to yesterday and how `amount` splits over what it owes today. */
async function allocateLocked(deps: ServicingDeps, tx: Tx, locked: LoanRow, amount: bigint) {
  if (locked.status !== 'disbursed') throw badRequest(LM.notDisbursed);
  const { row } = await accrueLocked(deps, tx, locked, yesterdayOf(deps));
  const outstanding = outstandingOf(row);
  if (amount > outstanding) throw badRequest(LM.repayAboveOutstanding(outstanding));
  const today = istDay(deps.clock.now());
  await ensureInstalments(tx, row, today);
  const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
  const dues = loanDues(row, instalments, today);
  const allocated = allocateRepayment(amount, {
    penal: row.feesDuePaise,
    interestDue: dues.interestDue,
    principalDue: dues.principalDue,
    interestNotDue: dues.interestNotDue,
    principalNotDue: dues.principalNotDue,
  });
  const split: Split = {
    fees: allocated.penal,
    interest: allocated.interest,
    principal: allocated.principal,
  };
  return { row, outstanding, today, instalments, prepaid: allocated.prepaid, split };
}

/** The client's cash to the firm's loans account; a balance short of it is a 400. */
async function postRepayment(
  deps: ServicingDeps,
  tx: Tx,
  row: LoanRow,
  amount: bigint,
  split: Split,
  id: string,
) {
  try {
    const posted = await deps.ledger.transfer(tx, {
      kind: 'loan_repayment',
      clientId: row.clientId,
      memo: `Loan repayment ${formatPaise(amount)}: interest ${formatPaise(split.interest)}, principal ${formatPaise(split.principal)}${split.fees > 0n ? `, fees ${formatPaise(split.fees)}` : ''}`,
      reference: `loan:${row.id}`,
      idempotencyKey: `loan:${row.id}:repayment:${id}`,
      from: clientAccount(row.clientId, 'cash_available'),
      to: firmAccount('loans'),
      amount,
    });
    return posted.postingId;
  } catch (error) {
    if (error instanceof InsufficientBalance) throw badRequest(LM.repayAboveCash);
    throw error;
  }
}

/** The repayment's row and the loan's balances after it, guarded on the balances read. */
async function recordRepayment(
  tx: Tx,
  row: LoanRow,
  payment: {
    id: string;
    amount: bigint;
    split: Split;
    prepaid: bigint;
    source: RepaymentSource;
    postingId: number;
    now: Date;
  },
) {
  const { id, amount, split, prepaid, source, postingId, now } = payment;
  await tx.insert(loanRepayments).values({
    id,
    loanId: row.id,
    amountPaise: amount,
    feesPaise: split.fees,
    interestPaise: split.interest,
    principalPaise: split.principal,
    source,
    postingId,
    createdAt: now,
  });
  const [paid] = await tx
    .update(loans)
    .set({
      feesDuePaise: row.feesDuePaise - split.fees,
      accruedInterestPaise: row.accruedInterestPaise - split.interest,
      outstandingPrincipalPaise: row.outstandingPrincipalPaise - split.principal,
      paidFeesPaise: row.paidFeesPaise + split.fees,
      paidInterestPaise: row.paidInterestPaise + split.interest,
      paidPrincipalPaise: row.paidPrincipalPaise + split.principal,
      prepaidPrincipalPaise: row.prepaidPrincipalPaise + prepaid,
      updatedAt: now,
    })
    .where(
      and(
        eq(loans.id, row.id),
        eq(loans.status, 'disbursed'),
        eq(loans.outstandingPrincipalPaise, row.outstandingPrincipalPaise),
        eq(loans.accruedInterestPaise, row.accruedInterestPaise),
      ),
    )
    .returning();
  if (!paid) throw new Error(`Loan ${row.id} moved while its repayment was locked`);
  return paid;
}

/**
 * Pays `amount` of a locked loan from the client's cash, in the allocation order
 * (allocation.ts); a prepayment recomputes the instalments still to come; closes at zero.
 */
export async function repayLocked(
  deps: ServicingDeps,
  tx: Tx,
  locked: LoanRow,
  amount: bigint,
  actor: Actor,
  source: RepaymentSource,
  choice: PrepaymentChoice = 'reduce_emi',
  closing: Closing = REPAID_IN_FULL,
) {
  const { clock } = deps;
  const { row, outstanding, today, instalments, prepaid, split } = await allocateLocked(
    deps,
    tx,
    locked,
    amount,
  );
  const id = randomUUID();
  const postingId = await postRepayment(deps, tx, row, amount, split, id);
  const now = clock.now();
  const paid = await recordRepayment(tx, row, {
    id,
    amount,
    split,
    prepaid,
    source,
    postingId,
    now,
  });
  await recordAudit(tx, actor, {
    action: 'loan.repay',
    subjectType: 'loan',
    subjectId: row.id,
    before: { outstandingPaise: outstanding.toString() },
    after: {
      clientId: row.clientId,
      amountPaise: amount.toString(),
      feesPaise: split.fees.toString(),
      interestPaise: split.interest.toString(),
      principalPaise: split.principal.toString(),
      postingId,
      source,
    },
  });
  await recordLoanEvent(tx, clock, row.id, 'repay', REPAID[source](amount, prepaid), {
    postingId,
  });
  if (prepaid > 0n && outstandingOf(paid) > 0n)
    await rescheduleAfterPrepayment(tx, paid, instalments, today, choice);
  let final = paid;
  if (outstandingOf(paid) === 0n) {
    final = await applyLoanTransition(tx, clock, {
      events: deps.events,
      loanId: row.id,
      action: closing.action,
      actor: actor.type === 'client' ? actor : { type: 'system', id: 'credit' },
      set: { closedAt: now, closedBy: closing.closedBy },
      event: { message: closing.message },
    });
    await deps.loans.releasePledge(tx, final);
  }
  return { row: final, split, prepaid, postingId };
}
