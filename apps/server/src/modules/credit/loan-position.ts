import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import type { Position } from './margin-call-deps.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { loanPledgeSales } from './tables.ts';
import {
  type LoanRow,
  ltvOf,
  marginStateOf,
  outstandingOf,
  pledgeViews,
  type ProductRow,
} from './views.ts';

/** A loan's live position: the pledge's value now, the LTV, its level and the shortfall. */
export async function positionOf(
  deps: Pick<MonitoringDeps, 'db' | 'loans' | 'pledges'>,
  row: LoanRow,
  product: ProductRow,
  executor: Executor = deps.db,
): Promise<Position> {
  const { pledges } = deps;
  const lines = (await deps.loans.pledgesOf(executor, [row.id])).get(row.id) ?? [];
  const { value } = pledgeViews(lines, pledges.priceOf, pledges.nameOf);
  const debt = outstandingOf(row);
  const ltv = ltvOf(debt, value);
  const allowed = product.ltvBps === null ? 0n : (value * BigInt(product.ltvBps)) / 10_000n;
  return {
    value,
    debt,
    ltv,
    state: marginStateOf(ltv, product),
    shortfall: debt > allowed ? debt - allowed : 0n,
  };
}

/** A sale of this loan's pledged shares not yet settled (read under the loan's lock). */
export async function selling(tx: Tx, loanId: string) {
  const [open] = await tx
    .select({ orderId: loanPledgeSales.orderId })
    .from(loanPledgeSales)
    .where(and(eq(loanPledgeSales.loanId, loanId), isNull(loanPledgeSales.settledAt)))
    .limit(1);
  return open !== undefined;
}
