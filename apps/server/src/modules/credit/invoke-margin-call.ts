/**
 * Invoking the pledge for an open call: the plan's lines (invocation.ts: largest holding by
 * value first, only what restores the product's LTV), each a market sell order through
 * trading (shares move from pledged to up for sale), the pledge's invoked quantity and a sale
 * row that the monitor settles (settle-pledge-sales.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { istDay } from './interest.ts';
import {
  INVOCATION_ORDER,
  type InvocationInput,
  invocationPlan,
  pastDeadline,
  type PlannedSale,
} from './invocation.ts';
import type { CallRow, MarginCallDeps, Position } from './margin-call-deps.ts';
import { pct, saleNotice, tellClient } from './margin-call-notice.ts';
import { endCall } from './margin-call-rows.ts';
import { loanPledges, loanPledgeSales } from './tables.ts';
import type { LoanRow, ProductRow } from './views.ts';

/** Why a call is invoked now, or null while it still stands. */
export function invocationReason(deps: MarginCallDeps, call: CallRow, position: Position) {
  if (position.state === 'sell_off') return 'sell-off level';
  if (pastDeadline(call.deadline, istDay(deps.clock.now())))
    return `margin call not met by ${call.deadline}`;
  return null;
}

/** What the loan's live pledge holds, priced now, against what it owes. */
async function pledgedNow(
  deps: MarginCallDeps,
  tx: Tx,
  row: LoanRow,
  product: ProductRow,
  position: Position,
): Promise<InvocationInput> {
  const held = await tx
    .select()
    .from(loanPledges)
    .where(and(eq(loanPledges.loanId, row.id), isNull(loanPledges.releasedAt)));
  return {
    debtPaise: position.debt,
    ltvBps: product.ltvBps ?? 0,
    lines: held.map((p) => ({
      symbol: p.symbol,
      held: p.quantity - p.invokedQuantity,
      pricePaise: deps.priceOf(p.symbol),
    })),
  };
}

/** Each planned line as a market sale through trading, invoked on the pledge, awaiting settlement. */
async function putUpForSale(
  deps: MarginCallDeps,
  tx: Tx,
  row: LoanRow,
  plan: PlannedSale[],
  actor: Actor,
) {
  for (const sale of plan) {
    const order = await deps.orders.sellPledged(tx, {
      clientId: row.clientId,
      symbol: sale.symbol,
      quantity: sale.quantity,
      actor,
      note: `Pledge invoked for loan ${row.id}`,
    });
    await tx
      .update(loanPledges)
      .set({ invokedQuantity: sql`${loanPledges.invokedQuantity} + ${sale.quantity}` })
      .where(and(eq(loanPledges.loanId, row.id), eq(loanPledges.symbol, sale.symbol)));
    await tx.insert(loanPledgeSales).values({
      orderId: order.id,
      loanId: row.id,
      symbol: sale.symbol,
      quantity: sale.quantity,
      createdAt: deps.clock.now(),
    });
  }
}

/**
 * Puts pledged shares up for sale for an open call. Nothing to sell (the LTV is back, or no
 * share trades) leaves the call open and answers null.
 */
export async function invokeMarginCall(
  deps: MarginCallDeps,
  tx: Tx,
  loan: { row: LoanRow; product: ProductRow; position: Position },
  call: CallRow,
  input: { actor: Actor; reason: string },
): Promise<PlannedSale[] | null> {
  const { row, product, position } = loan;
  const pledged = await pledgedNow(deps, tx, row, product, position);
  const plan = invocationPlan(pledged);
  if (plan.length === 0) return null;
  const sold = plan.map((s) => ({ symbol: s.symbol, quantity: s.quantity }));
  if (!(await endCall(deps.clock, tx, call, 'invoked', position.ltv, sold))) return null;
  await putUpForSale(deps, tx, row, plan, input.actor);
  const words = plan.map((s) => `${s.quantity} ${s.symbol}`).join(', ');
  await recordAudit(tx, input.actor, {
    action: 'loan.invoke_pledge',
    subjectType: 'loan',
    subjectId: row.id,
    after: {
      clientId: row.clientId,
      callId: call.id,
      ltvBps: position.ltv,
      sold,
      why: input.reason,
    },
  });
  await tellClient(
    deps,
    tx,
    row,
    {
      kind: 'invoke_pledge',
      message: `Pledge invoked at LTV ${pct(position.ltv)} (${input.reason}): ${words} put up for sale at market, ${INVOCATION_ORDER}, to bring the LTV back to ${pct(product.ltvBps)}. The proceeds repay the loan.`,
      subject: 'Pledged shares sold for your loan',
      told: saleNotice(plan, pledged),
      facts: [
        ['Put up for sale', words],
        ['Why', input.reason],
      ],
    },
    { callId: call.id, sold },
  );
  return plan;
}
