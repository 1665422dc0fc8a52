/** Short reads of loans: a client's list and balance, the applied count, the secured book. */
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TLoanStatus, TLoanView } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { ClientRow } from '../clients/service.ts';
import { benchmarkOn } from './benchmark.ts';
import { floatingRateBps } from './floating-rate.ts';
import { assertBorrower } from './loan-access.ts';
import { type LoanDeps, todayOf } from './loan-deps.ts';
import { dueNowOfRows, loanViews } from './loan-reads.ts';
import { loans } from './tables.ts';
import { paiseNumber } from './views.ts';

/** Products for the credit view, and the holdings the client could pledge. */
export async function loanCatalogue(deps: LoanDeps, client: ClientRow) {
  assertBorrower(client);
  const [products, held] = await Promise.all([
    deps.products.active(),
    deps.pledges.holdingsOf(deps.db, client.id),
  ]);
  // A floating product shows today's rate (benchmark + spread); none is offered before a benchmark.
  const benchmark = await benchmarkOn(deps.db, todayOf(deps));
  const items = products.flatMap((p) =>
    p.rateType !== 'floating'
      ? [p]
      : benchmark === null
        ? []
        : [{ ...p, annualRateBps: floatingRateBps(benchmark, p.spreadBps) }],
  );
  return {
    items,
    holdings: held.map((h) => ({
      symbol: h.symbol,
      name: h.name,
      quantity: h.quantity,
      free_quantity: h.free,
      pledged_quantity: h.pledged,
      price_paise: h.pricePaise === null ? null : paiseNumber(h.pricePaise),
    })),
  };
}

export async function loansOfClient(
  deps: LoanDeps,
  clientId: string,
  status?: TLoanStatus,
): Promise<TLoanView[]> {
  const rows = await deps.db
    .select()
    .from(loans)
    .where(and(eq(loans.clientId, clientId), status ? eq(loans.status, status) : undefined))
    .orderBy(desc(loans.createdAt));
  return loanViews(deps, rows);
}

/**
 * What a client's disbursed loans have due now (instalments due and overdue, penal charges), in
 * the caller's executor: settlement weighs it inside a payout's own transaction.
 */
export async function dueNowOf(
  deps: LoanDeps,
  clientId: string,
  executor: Executor = deps.db,
): Promise<bigint> {
  const rows = await executor
    .select()
    .from(loans)
    .where(and(eq(loans.clientId, clientId), eq(loans.status, 'disbursed')));
  return dueNowOfRows(deps, rows, executor);
}

/** What a client owes on all their loans now (assets summary). */
export async function loanBalanceOf(deps: LoanDeps, clientId: string): Promise<bigint> {
  const [row] = await deps.db
    .select({
      owed: sql<string>`coalesce(sum(${loans.outstandingPrincipalPaise} + ${loans.accruedInterestPaise} + ${loans.feesDuePaise}), 0)::text`,
    })
    .from(loans)
    .where(and(eq(loans.clientId, clientId), eq(loans.status, 'disbursed')));
  return BigInt(row?.owed ?? '0');
}

/**
 * Whether the client has a loan to service or papers to keep (anything but a rejected or
 * cancelled application): Credit stays in their menu whatever allow_loan says.
 */
export async function hasLoansToShow(deps: LoanDeps, clientId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.clientId, clientId), notInArray(loans.status, ['rejected', 'cancelled'])))
    .limit(1);
  return row !== undefined;
}

export async function countApplied(deps: LoanDeps) {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(loans)
    .where(eq(loans.status, 'applied'));
  return row?.n ?? 0;
}

/** Loans whose LTV the monitor looks at: disbursed loans against shares. */
export async function securedActive(deps: LoanDeps, executor: Executor = deps.db) {
  const secured = (await deps.products.all(executor))
    .filter((p) => p.kind === 'loan_against_shares')
    .map((p) => p.id);
  if (secured.length === 0) return [];
  return executor
    .select()
    .from(loans)
    .where(and(eq(loans.status, 'disbursed'), inArray(loans.productId, secured)))
    .orderBy(asc(loans.createdAt));
}
