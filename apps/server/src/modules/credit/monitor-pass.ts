/**
 * The monitor's pass: settles finished sales, ends calls of loans that closed, and steps
 * every active secured loan whose level, LTV or open call asks for it.
 */
import { eq } from 'drizzle-orm';
import type { TMarginState } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { istDay } from './interest.ts';
import { pastDeadline } from './invocation.ts';
import { positionOf, selling } from './loan-position.ts';
import { loansSelling } from './margin-calls.ts';
import type { MonitorDeps } from './monitoring-deps.ts';
import { settleSales } from './settle-pledge-sales.ts';
import { loanMarginCalls, loans } from './tables.ts';
import type { ProductRow } from './views.ts';

/**
 * One loan's pass under its lock: the level recorded (audited when it changes), then the
 * margin-call step. Nothing while a sale of its shares is open.
 */
async function checkLocked(deps: MonitorDeps, tx: Tx, loanId: string, product: ProductRow) {
  const row = await deps.servicing.lockLoan(tx, loanId);
  if (row.status !== 'disbursed' || (await selling(tx, loanId))) return null;
  const position = await positionOf(deps, row, product, tx);
  const before = (row.marginState ?? 'ok') as TMarginState;
  if (position.state !== before || position.ltv !== row.ltvBps) {
    await tx
      .update(loans)
      .set({ ltvBps: position.ltv, marginState: position.state })
      .where(eq(loans.id, row.id));
    if (position.state !== before)
      await recordAudit(
        tx,
        { type: 'system', id: 'credit-monitor' },
        {
          action: `loan.${position.state}`,
          subjectType: 'loan',
          subjectId: row.id,
          before: { marginState: before, ltvBps: row.ltvBps },
          after: { marginState: position.state, ltvBps: position.ltv, clientId: row.clientId },
        },
      );
  }
  const outcome = await deps.marginCalls.stepLocked(tx, row, product, position);
  return { changed: position.state !== before, outcome };
}

/** The open calls' deadlines by loan. */
async function openDeadlines(deps: MonitorDeps) {
  const open = await deps.db
    .select({ loanId: loanMarginCalls.loanId, deadline: loanMarginCalls.deadline })
    .from(loanMarginCalls)
    .where(eq(loanMarginCalls.status, 'open'));
  return new Map(open.map((c) => [c.loanId, c.deadline] as const));
}

export async function monitorPass(deps: MonitorDeps) {
  const { db, products } = deps;
  const settled = await settleSales(deps);
  await deps.marginCalls.endOrphans(db);
  const rows = await deps.loans.securedActive();
  const byId = new Map((await products.all()).map((p) => [p.id, p] as const));
  const busy = await loansSelling(db);
  const deadlines = await openDeadlines(deps);
  const today = istDay(deps.clock.now());
  const result = { checked: rows.length, changed: 0, settled, raised: 0, met: 0, invoked: 0 };
  for (const row of rows) {
    if (busy.has(row.id)) continue;
    const product = byId.get(row.productId)!;
    const { ltv, state } = await positionOf(deps, row, product);
    const deadline = deadlines.get(row.id);
    const callWork =
      deadline === undefined
        ? state !== 'ok'
        : state === 'ok' || state === 'sell_off' || pastDeadline(deadline, today);
    if (!callWork && state === (row.marginState ?? 'ok') && ltv === row.ltvBps) continue;
    const step = await inTransaction(db, (tx) => checkLocked(deps, tx, row.id, product));
    if (!step) continue;
    if (step.changed) result.changed += 1;
    if (step.outcome) result[step.outcome] += 1;
  }
  return result;
}
