/**
 * Margin calls of loans against shares, as the key fact statement promises them (the rule and
 * its words: invocation.ts). Everything here runs under the loan's row lock, in the caller's
 * transaction:
 *
 * - raise: the LTV is at or above the margin-call level and no call is open → a call with its
 *   deadline; the client is told in the app and by e-mail;
 * - meet: a call is open and the LTV is back under the margin-call level → met;
 * - invoke: the call's deadline has passed, or the LTV is at the sell-off level → pledged
 *   shares go up for sale at market through trading (largest holding by value first, only
 *   what restores the product's LTV); the monitor's settlement applies the proceeds through
 *   the ledger (monitoring.ts, `settleSales`).
 *
 * The partial unique index allows one open call per loan and every end is an UPDATE guarded
 * on `status = 'open'`: a second pass, or an officer racing the monitor, finds it ended.
 * Each use case is its own file; this is their wiring and the reads the loan pages share.
 */
import { desc, inArray, isNull } from 'drizzle-orm';
import type { TMarginCall, TMarginCallStatus } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { CallRow, MarginCallDeps, Position } from './margin-call-deps.ts';
import { endOrphanCalls, openCall } from './margin-call-rows.ts';
import { invokeMarginCallNow, stepMarginCall } from './step-margin-call.ts';
import { loanMarginCalls, loanPledgeSales } from './tables.ts';
import { type LoanRow, paiseNumber, type ProductRow } from './views.ts';

export type { ClientNotice } from './margin-call-deps.ts';

export const marginCallView = (row: CallRow): TMarginCall => ({
  id: row.id,
  raised_at: row.raisedAt.toISOString(),
  deadline: row.deadline,
  ltv_bps: row.ltvBps,
  shortfall_paise: paiseNumber(row.shortfallPaise),
  status: row.status as TMarginCallStatus,
  ended_at: row.endedAt?.toISOString() ?? null,
  ended_ltv_bps: row.endedLtvBps,
  sold: row.sold ?? [],
});

/** Every call of these loans, newest first. */
export async function marginCallsOf(executor: Executor, loanIds: string[]) {
  if (loanIds.length === 0) return new Map<string, CallRow[]>();
  const rows = await executor
    .select()
    .from(loanMarginCalls)
    .where(inArray(loanMarginCalls.loanId, loanIds))
    .orderBy(desc(loanMarginCalls.raisedAt), desc(loanMarginCalls.id));
  const byLoan = new Map<string, CallRow[]>();
  for (const row of rows) byLoan.set(row.loanId, [...(byLoan.get(row.loanId) ?? []), row]);
  return byLoan;
}

/** Loans with a sale of pledged shares not yet settled: their LTV waits for the proceeds. */
export async function loansSelling(executor: Executor): Promise<Set<string>> {
  const rows = await executor
    .selectDistinct({ loanId: loanPledgeSales.loanId })
    .from(loanPledgeSales)
    .where(isNull(loanPledgeSales.settledAt));
  return new Set(rows.map((r) => r.loanId));
}

export function createMarginCalls(deps: MarginCallDeps) {
  return {
    openCall,
    /** The monitor's step for one locked, disbursed loan: raise, meet or invoke. */
    stepLocked: (tx: Tx, row: LoanRow, product: ProductRow, position: Position) =>
      stepMarginCall(deps, tx, row, product, position),
    /** Operations invoke by hand what the monitor would on its next pass. */
    invokeNow: (tx: Tx, row: LoanRow, product: ProductRow, position: Position, actor: Actor) =>
      invokeMarginCallNow(deps, tx, row, product, position, actor),
    /** Open calls of loans no longer disbursed (closed, written off) end with them. */
    endOrphans: (executor: Executor) => endOrphanCalls(deps.clock, executor),
  };
}
export type MarginCalls = ReturnType<typeof createMarginCalls>;
