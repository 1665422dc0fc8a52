import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { invocationReason, invokeMarginCall } from './invoke-margin-call.ts';
import type { PlannedSale } from './invocation.ts';
import { MARGIN_SYSTEM, type MarginCallDeps, type Position } from './margin-call-deps.ts';
import { pct, tellClient } from './margin-call-notice.ts';
import { endCall, openCall } from './margin-call-rows.ts';
import { raiseMarginCall } from './raise-margin-call.ts';
import type { LoanRow, ProductRow } from './views.ts';

/**
 * The monitor's step for one locked, disbursed loan at `position`: raise, meet or invoke
 * (at most one of each per pass). Returns what happened.
 */
export async function stepMarginCall(
  deps: MarginCallDeps,
  tx: Tx,
  row: LoanRow,
  product: ProductRow,
  position: Position,
) {
  let call = await openCall(tx, row.id);
  if (position.state === 'ok') {
    if (!call) return null;
    const met = await endCall(deps.clock, tx, call, 'met', position.ltv);
    if (!met) return null;
    await tellClient(
      deps,
      tx,
      row,
      {
        kind: 'ok',
        message: `Margin call met: your pledge covers the loan again (LTV ${pct(position.ltv)}).`,
        subject: 'Margin call met',
      },
      { callId: call.id },
    );
    return 'met' as const;
  }
  const raised = call ? null : await raiseMarginCall(deps, tx, row, product, position);
  call ??= raised;
  if (!call) return null;
  const reason = invocationReason(deps, call, position);
  if (
    reason &&
    (await invokeMarginCall(deps, tx, { row, product, position }, call, {
      actor: MARGIN_SYSTEM,
      reason,
    }))
  )
    return 'invoked' as const;
  return raised ? ('raised' as const) : null;
}

/**
 * Operations invoke by hand what the monitor would on its next pass: at the sell-off level
 * or past an open call's deadline, the same plan. Null when neither holds.
 */
export async function invokeMarginCallNow(
  deps: MarginCallDeps,
  tx: Tx,
  row: LoanRow,
  product: ProductRow,
  position: Position,
  actor: Actor,
): Promise<PlannedSale[] | null> {
  if (position.state === 'ok') return null;
  const call =
    (await openCall(tx, row.id)) ?? (await raiseMarginCall(deps, tx, row, product, position));
  if (!call) return null;
  const reason = invocationReason(deps, call, position);
  return reason
    ? invokeMarginCall(deps, tx, { row, product, position }, call, { actor, reason })
    : null;
}
