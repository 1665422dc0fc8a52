/**
 * Applies what finished sales of pledged shares raised to their loans: fees, interest, then
 * principal, never more than is owed or than the client's cash holds. Shares a sale did not
 * sell (an order that expired) go back into the pledge when they are still free.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { addDays, istDay } from './interest.ts';
import { recordLoanEvent } from './lifecycle.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { pledgeSaleEventText } from './pledge-sale-text.ts';
import { loanPledges, loanPledgeSales, loans } from './tables.ts';
import { type LoanRow, paiseNumber } from './views.ts';

type SaleRow = typeof loanPledgeSales.$inferSelect;
type Outcome = Awaited<ReturnType<MonitoringDeps['orders']['outcomes']>>[number];

const SYSTEM: Actor = { type: 'system', id: 'credit-pledge' };

/** The proceeds applied to a disbursed loan: the least of proceeds, what it owes and the cash. */
async function applyProceeds(deps: MonitoringDeps, tx: Tx, locked: LoanRow, outcome: Outcome) {
  if (locked.status !== 'disbursed' || outcome.proceedsPaise <= 0n) return 0n;
  const { servicing } = deps;
  const { row } = await servicing.accrueLocked(tx, locked, addDays(istDay(deps.clock.now()), -1));
  const owed = row.outstandingPrincipalPaise + row.accruedInterestPaise + row.feesDuePaise;
  const cash = (await deps.ledger.balancesOf(row.clientId, tx)).cash_available;
  const applied = [outcome.proceedsPaise, owed, cash].reduce((a, b) => (a < b ? a : b));
  if (applied > 0n) await servicing.repayLocked(tx, row, applied, SYSTEM, 'pledge_sale');
  return applied;
}

/** Shares the sale did not sell: pledged again while the loan runs, else released. */
async function returnUnsold(
  deps: MonitoringDeps,
  tx: Tx,
  locked: LoanRow,
  sale: SaleRow,
  unsold: number,
) {
  const { clock } = deps;
  const thisLine = and(eq(loanPledges.loanId, sale.loanId), eq(loanPledges.symbol, sale.symbol));
  await tx
    .update(loanPledges)
    .set({ invokedQuantity: sql`${loanPledges.invokedQuantity} - ${unsold}` })
    .where(thisLine);
  const [after] = await tx
    .select({ status: loans.status })
    .from(loans)
    .where(eq(loans.id, sale.loanId));
  if (after?.status !== 'disbursed') {
    // The loan closed meanwhile: the unsold shares are simply released.
    await tx.update(loanPledges).set({ releasedAt: clock.now() }).where(thisLine);
    return;
  }
  try {
    await tx.transaction(async (inner) =>
      deps.pledges.pledge(inner as typeof tx, locked.clientId, [
        { symbol: sale.symbol, quantity: unsold },
      ]),
    );
  } catch {
    await recordLoanEvent(
      tx,
      clock,
      sale.loanId,
      'pledge_short',
      `${unsold} ${sale.symbol} were not sold and could not be pledged again.`,
    );
  }
}

/** The sale marked settled, audited, and told to the client (decision 056). */
async function recordSettled(
  deps: MonitoringDeps,
  tx: Tx,
  sale: SaleRow,
  outcome: Outcome,
  applied: bigint,
  loanOpen: boolean,
) {
  await tx
    .update(loanPledgeSales)
    .set({ settledAt: deps.clock.now(), appliedPaise: applied })
    .where(eq(loanPledgeSales.orderId, sale.orderId));
  await recordAudit(tx, SYSTEM, {
    action: 'loan.pledge_sale_settled',
    subjectType: 'loan',
    subjectId: sale.loanId,
    after: {
      orderId: sale.orderId,
      symbol: sale.symbol,
      sold: outcome.filledQuantity,
      proceedsPaise: outcome.proceedsPaise.toString(),
      appliedPaise: applied.toString(),
    },
  });
  await recordLoanEvent(
    tx,
    deps.clock,
    sale.loanId,
    'pledge_sale',
    pledgeSaleEventText({
      symbol: sale.symbol,
      quantity: outcome.quantity,
      soldQuantity: outcome.filledQuantity,
      proceedsPaise: outcome.proceedsPaise,
      appliedPaise: applied,
      loanOpen,
    }),
    null,
    {
      type: 'pledge_sold',
      symbol: sale.symbol,
      quantity: outcome.quantity,
      sold_quantity: outcome.filledQuantity,
      proceeds_paise: paiseNumber(outcome.proceedsPaise),
      repaid_paise: paiseNumber(applied),
    },
  );
}

/** One ended sale, under its loan's lock; false when another pass settled it first. */
async function settleOne(deps: MonitoringDeps, sale: SaleRow, outcome: Outcome) {
  return inTransaction(deps.db, async (tx) => {
    const locked = await deps.servicing.lockLoan(tx, sale.loanId);
    const [still] = await tx
      .select({ settledAt: loanPledgeSales.settledAt })
      .from(loanPledgeSales)
      .where(eq(loanPledgeSales.orderId, sale.orderId))
      .for('update');
    if (still?.settledAt) return false;
    const applied = await applyProceeds(deps, tx, locked, outcome);
    const unsold = outcome.quantity - outcome.filledQuantity;
    if (unsold > 0) await returnUnsold(deps, tx, locked, sale, unsold);
    await recordSettled(deps, tx, sale, outcome, applied, locked.status === 'disbursed');
    return true;
  });
}

export async function settleSales(deps: MonitoringDeps): Promise<number> {
  const open = await deps.db
    .select()
    .from(loanPledgeSales)
    .where(isNull(loanPledgeSales.settledAt))
    .orderBy(asc(loanPledgeSales.createdAt));
  const ended = (await deps.orders.outcomes(open.map((s) => s.orderId))).filter(
    (o) => o.status !== 'awaiting',
  );
  let settled = 0;
  for (const outcome of ended) {
    const sale = open.find((s) => s.orderId === outcome.id)!;
    if (await settleOne(deps, sale, outcome)) settled += 1;
  }
  return settled;
}
