import { LM, type TConsoleLoanDetail } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { positionOf, selling } from './loan-position.ts';
import type { MonitorDeps } from './monitoring-deps.ts';

/**
 * Operations invoke the pledge by hand, as the monitor would on its next pass: at the
 * sell-off level or past an open margin call's deadline, the same plan (largest holding by
 * value first, only what restores the product's LTV); the sales are applied to the loan
 * once they end (settleSales). 409 otherwise, or while an earlier sale is still open.
 */
export async function invokePledge(
  deps: MonitorDeps,
  loanId: string,
  options: { staffId: string; actor: Actor; transaction?: TransactionRunner },
): Promise<TConsoleLoanDetail> {
  const { loans } = deps;
  await loans.assertDecider(options.staffId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const row = await deps.servicing.lockLoan(tx, loanId);
    if (row.status !== 'disbursed') throw badRequest(LM.notDisbursed);
    if (await selling(tx, loanId)) throw conflict(LM.pledgeSaleOpen);
    const product = await deps.products.byId(row.productId, tx);
    const position = await positionOf(deps, row, product, tx);
    const sold = await deps.marginCalls.invokeNow(tx, row, product, position, options.actor);
    if (!sold) throw conflict(LM.notSellOff);
    return loans.consoleDetailIn(row.id, tx);
  });
}
