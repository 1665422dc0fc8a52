import { randomUUID } from 'node:crypto';
import { formatPaise } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { istDay } from './interest.ts';
import { INVOCATION_ORDER, MARGIN_CALL_PERIOD, marginCallDeadline } from './invocation.ts';
import { MARGIN_SYSTEM, type MarginCallDeps, type Position } from './margin-call-deps.ts';
import { pct, tellClient } from './margin-call-notice.ts';
import { loanMarginCalls } from './tables.ts';
import { type LoanRow, paiseNumber, type ProductRow } from './views.ts';

/**
 * A margin call with its deadline (trading days), audited and told to the client in the app and
 * by e-mail; null when the loan already has one open (the partial unique index).
 */
export async function raiseMarginCall(
  deps: MarginCallDeps,
  tx: Tx,
  row: LoanRow,
  product: ProductRow,
  position: Position,
) {
  const { clock } = deps;
  const deadline = marginCallDeadline(istDay(clock.now()), deps.isTradingDay);
  const [call] = await tx
    .insert(loanMarginCalls)
    .values({
      id: randomUUID(),
      loanId: row.id,
      raisedAt: clock.now(),
      deadline,
      ltvBps: position.ltv ?? 0,
      shortfallPaise: position.shortfall,
    })
    .onConflictDoNothing()
    .returning();
  if (!call) return null;
  await recordAudit(tx, MARGIN_SYSTEM, {
    action: 'loan.margin_call_raised',
    subjectType: 'loan',
    subjectId: row.id,
    after: {
      clientId: row.clientId,
      callId: call.id,
      ltvBps: position.ltv,
      deadline,
      shortfallPaise: position.shortfall.toString(),
    },
  });
  await tellClient(
    deps,
    tx,
    row,
    {
      kind: 'margin_call',
      message: `Margin call: the loan is ${pct(position.ltv)} of your pledged shares' value (margin call at ${pct(product.marginCallLtvBps)}). Repay ${formatPaise(position.shortfall)} by ${deadline} (end of day, IST; ${MARGIN_CALL_PERIOD} from today) to bring it back to ${pct(product.ltvBps)}; after that, pledged shares are sold at market, ${INVOCATION_ORDER}.`,
      subject: 'Margin call on your loan against shares',
      told: { type: 'due', amount_paise: paiseNumber(position.shortfall), due_date: deadline },
      facts: [
        ['Repay', formatPaise(position.shortfall)],
        ['By', `${deadline}, end of day IST (${MARGIN_CALL_PERIOD})`],
        ['Loan-to-value now', pct(position.ltv)],
        ['Margin call at', pct(product.marginCallLtvBps)],
      ],
    },
    { callId: call.id, deadline, ltvBps: position.ltv },
  );
  return call;
}
