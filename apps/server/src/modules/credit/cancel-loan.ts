import type { TLoanDetail } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { applyLoanTransition } from './lifecycle.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanDetail } from './loan-reads.ts';
import { releasePledge } from './release-pledge.ts';

/** The client withdraws an application not yet disbursed; the pledge returns. */
export async function cancelLoan(
  deps: LoanDeps,
  clientId: string,
  loanId: string,
  options: { actor: Actor; transaction?: TransactionRunner },
): Promise<TLoanDetail> {
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const moved = await applyLoanTransition(tx, deps.clock, {
      events: deps.events,
      loanId,
      clientId,
      action: 'cancel',
      actor: options.actor,
      event: { message: 'Application cancelled; pledged shares released.' },
    });
    await releasePledge(deps, tx, moved);
    return loanDetail(deps, moved, tx);
  });
}
