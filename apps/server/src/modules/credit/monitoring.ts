/**
 * Pledge monitoring for loans against shares: the LTV (what is owed over the pledge's value
 * at the feed's prices) against the product's levels. Each pass first settles finished sales
 * of pledged shares (their proceeds repay the loan through the ledger), then, under each
 * loan's row lock, records a change of level and runs the margin-call step (margin-calls.ts):
 * raise a call with its deadline, see it met, or invoke the pledge past the deadline or at the
 * sell-off level, largest holding by value first (invocation.ts). A loan whose sale is still
 * open is left alone: its LTV waits for the proceeds. Each use case is its own file; this is
 * their wiring.
 */
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { invokePledge } from './invoke-pledge.ts';
import { positionOf } from './loan-position.ts';
import { loanShortfalls } from './loan-shortfalls.ts';
import { createMarginCalls } from './margin-calls.ts';
import { monitorPass } from './monitor-pass.ts';
import type { MonitorDeps, MonitoringDeps } from './monitoring-deps.ts';
import { settleSales } from './settle-pledge-sales.ts';
import type { LoanRow, ProductRow } from './views.ts';

export function createMonitoring(input: MonitoringDeps) {
  const marginCalls = createMarginCalls({
    clock: input.clock,
    isTradingDay: input.isTradingDay,
    priceOf: input.pledges.priceOf,
    orders: input.orders,
    notify: input.notify,
  });
  const deps: MonitorDeps = { ...input, marginCalls };
  return {
    positionOf: (row: LoanRow, product: ProductRow, executor?: Executor) =>
      positionOf(deps, row, product, executor),
    settleSales: () => settleSales(deps),
    /** Operations invoke the pledge by hand, as the monitor would on its next pass. */
    invokePledge: (
      loanId: string,
      options: { staffId: string; actor: Actor; transaction?: TransactionRunner },
    ) => invokePledge(deps, loanId, options),
    /** The monitor's pass: settle finished sales, end orphan calls, step the loans. */
    check: () => monitorPass(deps),
    /** The console's shortfall list: secured loans at or above their margin-call level now. */
    shortfalls: (viewer: Viewer | null) => loanShortfalls(deps, viewer),
  };
}
export type Monitoring = ReturnType<typeof createMonitoring>;
