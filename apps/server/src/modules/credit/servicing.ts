/**
 * A disbursed loan's life: daily interest and repayments.
 *
 * Interest accrues for each day from the disbursal day to the day before the loan is repaid,
 * on the principal outstanding that day, with `accrue` (interest.ts). Each day is one row of
 * loan_accruals (primary key loan and day) and one posting (firm loans ← interest income)
 * under the idempotency key loan:<id>:accrual:<day>, written with the loan row locked: two
 * runs meeting on a loan queue on that lock, and the second finds the days done. A day that
 * was missed (the leader was down) is caught up by the next run, day by day, so it posts what
 * it would have on time — the principal only changes at a repayment, which first brings the
 * accrual up to yesterday.
 *
 * A repayment takes cash (guarded: never beyond the balance) into the firm's loans account
 * and pays fees, then interest, then principal; at zero the loan closes and its pledge is
 * released, in the same transaction. Each use case is its own file; this is their wiring.
 */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import { accrueLocked } from './accrue-loan.ts';
import { collectLocked } from './collect-dues.ts';
import type { PrepaymentChoice } from './interest.ts';
import { lockLoan } from './lock-loan.ts';
import { repayLocked } from './repay-locked.ts';
import { repayLoan } from './repay-loan.ts';
import { runAccrual } from './run-accrual.ts';
import type { Closing, RepaymentSource, ServicingDeps } from './servicing-deps.ts';
import { loanAccruals } from './tables.ts';
import type { LoanRow } from './views.ts';

export function createServicing(deps: ServicingDeps) {
  return {
    accrueLocked: (tx: Tx, row: LoanRow, through: string) => accrueLocked(deps, tx, row, through),
    collectLocked: (tx: Tx, row: LoanRow) => collectLocked(deps, tx, row),
    lockLoan,
    repayLocked: (
      tx: Tx,
      locked: LoanRow,
      amount: bigint,
      actor: Actor,
      source: RepaymentSource,
      choice?: PrepaymentChoice,
      closing?: Closing,
    ) => repayLocked(deps, tx, locked, amount, actor, source, choice, closing),
    runAccrual: (through?: string) => runAccrual(deps, through),
    repay: (
      client: ClientRow,
      loanId: string,
      input: { amount_paise: bigint; pin: string; prepayment?: PrepaymentChoice | undefined },
      options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
    ) => repayLoan(deps, client, loanId, input, options),
    /** The days a loan accrued, oldest first (the loan page's interest history). */
    accrualsOf: async (loanId: string) =>
      deps.db
        .select()
        .from(loanAccruals)
        .where(eq(loanAccruals.loanId, loanId))
        .orderBy(asc(loanAccruals.day)),
  };
}
export type Servicing = ReturnType<typeof createServicing>;
