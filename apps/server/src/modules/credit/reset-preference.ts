/**
 * A floating loan's borrower chooses what a rate reset keeps (decision 061): the tenure (the
 * EMI moves, the default) or the EMI (the tenure moves). Any time while the loan is open; the
 * next reset reads it. Audited, and a step on the loan's page.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { LM, OPEN_LOAN_STATUSES, type TLoanDetail, type TResetPreference } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { recordLoanEvent } from './lifecycle.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanDetail } from './loan-reads.ts';
import { loans } from './tables.ts';

const SAID: Record<TResetPreference, string> = {
  tenure: 'At a rate reset your tenure stays the same and your EMI changes.',
  emi: 'At a rate reset your EMI stays the same and your tenure changes (if it would grow past twice the original, the EMI changes instead).',
};

export async function setResetPreference(
  deps: LoanDeps,
  clientId: string,
  loanId: string,
  preference: TResetPreference,
  actor: Actor,
): Promise<TLoanDetail> {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.clientId, clientId)))
      .for('update');
    if (!row) throw notFound(LM.loanNotFound);
    if (row.rateType !== 'floating') throw badRequest(LM.notFloating);
    if (!(OPEN_LOAN_STATUSES as readonly string[]).includes(row.status))
      throw badRequest(LM.alreadyStatus(row.status as TLoanDetail['status']));
    if (row.resetPreference === preference) return loanDetail(deps, row, tx);
    const [saved] = await tx
      .update(loans)
      .set({ resetPreference: preference, updatedAt: deps.clock.now() })
      .where(and(eq(loans.id, loanId), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
      .returning();
    await recordAudit(tx, actor, {
      action: 'loan.reset_preference',
      subjectType: 'loan',
      subjectId: loanId,
      before: { resetPreference: row.resetPreference },
      after: { clientId, resetPreference: preference },
    });
    await recordLoanEvent(tx, deps.clock, loanId, 'reset_preference', SAID[preference]);
    return loanDetail(deps, saved!, tx);
  });
}
