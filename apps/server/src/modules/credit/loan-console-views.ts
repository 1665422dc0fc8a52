/** The console's views of loans: the client's reference and the deciding officers' emails. */
import type { TLoanView } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { assertSees, type Viewer } from '../../platform/viewer.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanDetail, loanViews } from './loan-reads.ts';
import { marginCallsOf, marginCallView } from './margin-calls.ts';
import type { LoanRow } from './views.ts';

/**
 * The emails of the officers who decided these loans, read on `executor`: inside a
 * decision that is the decision's own transaction, never a second pool connection.
 */
export async function staffEmails(deps: LoanDeps, rows: LoanRow[], executor: Executor = deps.db) {
  const ids = rows.flatMap((r) => [r.firstApprovedBy, r.secondApprovedBy, r.decidedBy]);
  const names = await deps.staff.namesOf(ids, executor);
  return new Map([...names].map(([id, n]) => [id, n.email] as const));
}

/** One query after the other: inside a transaction the executor is one connection. */
export async function consoleViews(deps: LoanDeps, rows: LoanRow[], executor: Executor = deps.db) {
  const list = await loanViews(deps, rows, executor);
  const refs = await deps.clients.refsOf(
    rows.map((r) => r.clientId),
    executor,
  );
  const emails = await staffEmails(deps, rows, executor);
  return rows.map((row, i) => consoleExtras(row, list[i]!, refs, emails));
}

export function consoleExtras<V extends TLoanView>(
  row: LoanRow,
  view: V,
  refs: Map<string, { id: string; uid: string; name: string | null }>,
  emails: Map<string, string>,
) {
  const ref = refs.get(row.clientId);
  return {
    ...view,
    client: { id: row.clientId, uid: ref?.uid ?? '', name: ref?.name ?? null },
    approved_by: [row.firstApprovedBy, row.secondApprovedBy]
      .filter((id): id is string => id !== null)
      .map((id) => emails.get(id) ?? id),
    decided_by: row.decidedBy ? (emails.get(row.decidedBy) ?? row.decidedBy) : null,
  };
}

export async function consoleDetailOf(deps: LoanDeps, row: LoanRow, executor: Executor = deps.db) {
  const view = await loanDetail(deps, row, executor);
  const refs = await deps.clients.refsOf([row.clientId], executor);
  const emails = await staffEmails(deps, [row], executor);
  const calls = (await marginCallsOf(executor, [row.id])).get(row.id) ?? [];
  return { ...consoleExtras(row, view, refs, emails), margin_calls: calls.map(marginCallView) };
}

/** An advisor reads only their own clients' loans (a null viewer: the CLI, full authority). */
export async function assertVisible(deps: LoanDeps, viewer: Viewer | null, row: LoanRow) {
  if (!viewer || viewer.seesAdvisor === null) return;
  assertSees(viewer, (await deps.clients.byId(row.clientId)).advisorId);
}
