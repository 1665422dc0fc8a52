/** Reading loans: one row, its pledges and dues, and the client's views of them. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LM, type TLoanDetail, type TLoanView } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { instalmentsOf, loanDues, quotedInstalments } from './instalments.ts';
import { type LoanDeps, todayOf } from './loan-deps.ts';
import { marginCallsOf } from './margin-calls.ts';
import { loanEvents, loanPledges, loans } from './tables.ts';
import {
  dueScheduleView,
  instalmentView,
  type LoanRow,
  loanView,
  pledgeViews,
  scheduleOf,
} from './views.ts';

export async function pledgesOf(executor: Executor, loanIds: string[]) {
  const rows = loanIds.length
    ? await executor
        .select()
        .from(loanPledges)
        .where(inArray(loanPledges.loanId, loanIds))
        .orderBy(asc(loanPledges.symbol))
    : [];
  const byLoan = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) byLoan.set(row.loanId, [...(byLoan.get(row.loanId) ?? []), row]);
  return byLoan;
}

async function productsById(deps: LoanDeps, executor: Executor) {
  return new Map((await deps.products.all(executor)).map((p) => [p.id, p] as const));
}

/** Views of loans, with their pledges valued at the feed's prices now. */
export async function loanViews(
  deps: LoanDeps,
  rows: LoanRow[],
  executor: Executor = deps.db,
): Promise<TLoanView[]> {
  // One after the other: inside a transaction the executor is one connection.
  const byId = await productsById(deps, executor);
  const ids = rows.map((r) => r.id);
  const pledged = await pledgesOf(executor, ids);
  const dues = await duesOfRows(deps, rows, executor);
  const calls = await marginCallsOf(executor, ids);
  return rows.map((row) => {
    const product = byId.get(row.productId)!;
    const lines = pledged.get(row.id) ?? [];
    const value =
      product.kind === 'loan_against_shares'
        ? pledgeViews(lines, deps.pledges.priceOf, deps.pledges.nameOf).value
        : null;
    return loanView(row, product, {
      now: deps.clock.now(),
      pledgeValue: value,
      dues: dues.get(row.id) ?? null,
      marginCalls: calls.get(row.id) ?? [],
    });
  });
}

/** What the disbursed loans among `rows` have due now, summed, read in the caller's executor. */
export async function dueNowOfRows(deps: LoanDeps, rows: LoanRow[], executor: Executor) {
  const dues = await duesOfRows(deps, rows, executor);
  return [...dues.values()].reduce((sum, d) => sum + d.dueNow, 0n);
}

/** The dues of disbursed loans today, from their instalments (dues.ts). */
async function duesOfRows(deps: LoanDeps, rows: LoanRow[], executor: Executor) {
  const active = rows.filter((r) => r.status === 'disbursed');
  const held = await instalmentsOf(
    executor,
    active.map((r) => r.id),
  );
  return new Map(
    active.map((r) => {
      const list = held.get(r.id) ?? quotedInstalments(r, todayOf(deps));
      return [r.id, loanDues(r, list, todayOf(deps))] as const;
    }),
  );
}

export async function loanDetail(
  deps: LoanDeps,
  row: LoanRow,
  executor: Executor = deps.db,
): Promise<TLoanDetail> {
  const product = await deps.products.byId(row.productId, executor);
  const lines = (await pledgesOf(executor, [row.id])).get(row.id) ?? [];
  const pledged = pledgeViews(lines, deps.pledges.priceOf, deps.pledges.nameOf);
  const schedule = scheduleOf(row, todayOf(deps));
  const dues = (await duesOfRows(deps, [row], executor)).get(row.id) ?? null;
  const events = await executor
    .select()
    .from(loanEvents)
    .where(eq(loanEvents.loanId, row.id))
    .orderBy(asc(loanEvents.id));
  const secured = product.kind === 'loan_against_shares';
  const calls = (await marginCallsOf(executor, [row.id])).get(row.id) ?? [];
  return {
    ...loanView(row, product, {
      now: deps.clock.now(),
      pledgeValue: secured ? pledged.value : null,
      dues,
      marginCalls: calls,
    }),
    schedule: dues ? dueScheduleView(row, dues) : schedule.instalments.map(instalmentView),
    pledges: pledged.pledges,
    events: events.map((e) => ({ at: e.at.toISOString(), kind: e.kind, message: e.message })),
    product_levels: {
      ltv_bps: product.ltvBps,
      margin_call_ltv_bps: product.marginCallLtvBps,
      sell_off_ltv_bps: product.sellOffLtvBps,
    },
  };
}

export async function loanOf(
  deps: LoanDeps,
  loanId: string,
  clientId?: string,
  executor: Executor = deps.db,
) {
  const [row] = await executor
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), clientId ? eq(loans.clientId, clientId) : undefined));
  if (!row) throw notFound(LM.loanNotFound);
  return row;
}
