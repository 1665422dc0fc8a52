import { LM } from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { applyLoanTransition } from './lifecycle.ts';
import { loanDecider } from './loan-access.ts';
import { consoleDetailOf } from './loan-console-views.ts';
import type { DecideWith, LoanDeps } from './loan-deps.ts';
import { releasePledge } from './release-pledge.ts';

/** An officer rejects an application, with a reason; the pledge returns. */
export async function rejectLoan(deps: LoanDeps, loanId: string, options: DecideWith) {
  await loanDecider(deps, options.staffId);
  const reason = options.reason?.trim();
  if (!reason) throw badRequest(LM.reasonRequired);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const moved = await applyLoanTransition(tx, deps.clock, {
      events: deps.events,
      loanId,
      action: 'reject',
      actor: options.actor,
      set: { decidedBy: options.staffId, reason },
      event: { message: `Application rejected: ${reason}` },
      audit: { staffId: options.staffId, reason },
    });
    await releasePledge(deps, tx, moved);
    return consoleDetailOf(deps, moved, tx);
  });
}
