import { and, eq } from 'drizzle-orm';
import { formatPaise, LM } from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { firmAccount } from '../ledger/service.ts';
import { applyLoanTransition } from './lifecycle.ts';
import { loanDecider } from './loan-access.ts';
import { consoleDetailOf } from './loan-console-views.ts';
import type { DecideWith, LoanDeps } from './loan-deps.ts';
import { loanOf } from './loan-reads.ts';
import { releasePledge } from './release-pledge.ts';
import { loans } from './tables.ts';

/**
 * Writes off what is still owed: the firm's loans account is cleared against its loan
 * losses, and any pledge still held is released.
 */
export async function writeOffLoan(deps: LoanDeps, loanId: string, options: DecideWith) {
  await loanDecider(deps, options.staffId);
  const reason = options.reason?.trim();
  if (!reason) throw badRequest(LM.reasonRequired);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const current = await loanOf(deps, loanId, undefined, tx);
    const owed =
      current.outstandingPrincipalPaise + current.accruedInterestPaise + current.feesDuePaise;
    const moved = await applyLoanTransition(tx, deps.clock, {
      events: deps.events,
      loanId,
      action: 'write_off',
      actor: options.actor,
      set: { decidedBy: options.staffId, reason, closedAt: deps.clock.now() },
      where: and(
        eq(loans.outstandingPrincipalPaise, current.outstandingPrincipalPaise),
        eq(loans.accruedInterestPaise, current.accruedInterestPaise),
      ),
      event: { message: `Loan written off: ${reason}` },
      audit: { staffId: options.staffId, reason, writtenOffPaise: owed.toString() },
    });
    if (owed > 0n)
      await deps.ledger.transfer(tx, {
        kind: 'loan_write_off',
        clientId: moved.clientId,
        memo: `Loan written off: ${formatPaise(owed)}`,
        reference: `loan:${moved.id}`,
        idempotencyKey: `loan:${moved.id}:write_off`,
        from: firmAccount('loan_losses'),
        to: firmAccount('loans'),
        amount: owed,
      });
    await releasePledge(deps, tx, moved);
    return consoleDetailOf(deps, moved, tx);
  });
}
