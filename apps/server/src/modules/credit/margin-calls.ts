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
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  formatBps,
  formatPaise,
  type TMarginCall,
  type TMarginCallStatus,
  type TMarginState,
  type TNoticeDetail,
} from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TradingService } from '../trading/service.ts';
import { istDay } from './interest.ts';
import {
  INVOCATION_ORDER,
  type InvocationInput,
  invocationPlan,
  type IsTradingDay,
  MARGIN_CALL_PERIOD,
  marginCallDeadline,
  pastDeadline,
  type PlannedSale,
  saleTarget,
} from './invocation.ts';
import { recordLoanEvent } from './lifecycle.ts';
import { type NoticeFact, noticeHtml } from './notice-html.ts';
import { loanMarginCalls, loanPledges, loanPledgeSales, loans } from './tables.ts';
import { type LoanRow, paiseNumber, type ProductRow } from './views.ts';

/** A loan's live position against its pledge (monitoring.ts computes it). */
export type Position = {
  value: bigint;
  debt: bigint;
  ltv: number | null;
  state: TMarginState;
  shortfall: bigint;
};

/** Tells the client outside the app (e-mail to a verified address), in the change's transaction. */
export type ClientNotice = (
  tx: Tx,
  clientId: string,
  message: { purpose: string; subject: string; body: string; html: string },
) => Promise<void>;

type CallRow = typeof loanMarginCalls.$inferSelect;

type Deps = {
  clock: Clock;
  /** The exchange calendar: a call's deadline counts its trading days. */
  isTradingDay: IsTradingDay;
  priceOf: (symbol: string) => bigint | null;
  orders: Pick<TradingService['orders'], 'sellPledged'>;
  notify?: ClientNotice | undefined;
};

const pct = (bps: number | null) => (bps === null ? '—' : formatBps(bps));

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

/**
 * An invocation's notice (decision 056): each line put up for sale at the price the plan used,
 * and what the sale is to recover — its target, never more than the loan owes.
 */
function saleNotice(plan: PlannedSale[], pledged: InvocationInput): TNoticeDetail {
  const target = saleTarget(pledged);
  return {
    type: 'pledge_sale',
    sold: plan.map((s) => ({
      symbol: s.symbol,
      quantity: s.quantity,
      value_paise: paiseNumber(s.valuePaise),
    })),
    recover_paise: paiseNumber(target < pledged.debtPaise ? target : pledged.debtPaise),
  };
}

export function createMarginCalls({ clock, isTradingDay, priceOf, orders, notify }: Deps) {
  const system: Actor = { type: 'system', id: 'credit-margin' };

  /** The loan's event and the e-mail say the same words; the e-mail's HTML sets out `facts`. */
  async function tell(
    tx: Tx,
    row: LoanRow,
    notice: {
      kind: string;
      message: string;
      subject: string;
      facts?: NoticeFact[];
      /** The figures the bell's notice tells (decision 056). */
      told?: TNoticeDetail;
    },
    detail: object | null = null,
  ) {
    const { kind, message, subject, facts, told } = notice;
    await recordLoanEvent(tx, clock, row.id, kind, message, detail, told ?? null);
    await notify?.(tx, row.clientId, {
      purpose: `loan.${kind}`,
      subject,
      body: message,
      html: noticeHtml({ subject, message, facts }),
    });
  }

  async function openCall(tx: Tx, loanId: string) {
    const [row] = await tx
      .select()
      .from(loanMarginCalls)
      .where(and(eq(loanMarginCalls.loanId, loanId), eq(loanMarginCalls.status, 'open')));
    return row ?? null;
  }

  /** Ends an open call (met, invoked, ended) by the UPDATE guarded on its being open. */
  async function end(
    tx: Tx,
    call: CallRow,
    status: Exclude<TMarginCallStatus, 'open'>,
    ltv: number | null,
    sold: { symbol: string; quantity: number }[] | null = null,
  ) {
    const [ended] = await tx
      .update(loanMarginCalls)
      .set({ status, endedAt: clock.now(), endedLtvBps: ltv, sold })
      .where(and(eq(loanMarginCalls.id, call.id), eq(loanMarginCalls.status, 'open')))
      .returning();
    return ended ?? null;
  }

  async function raise(tx: Tx, row: LoanRow, product: ProductRow, position: Position) {
    const deadline = marginCallDeadline(istDay(clock.now()), isTradingDay);
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
    await recordAudit(tx, system, {
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
    await tell(
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

  /**
   * Puts pledged shares up for sale for an open call: the plan's lines, each a market sell
   * order through trading (shares move from pledged to up for sale), the pledge's invoked
   * quantity and a sale row to settle. Nothing to sell (the LTV is back, or no share trades)
   * leaves the call open and answers null.
   */
  async function invoke(
    tx: Tx,
    row: LoanRow,
    product: ProductRow,
    call: CallRow,
    position: Position,
    input: { actor: Actor; reason: string },
  ): Promise<PlannedSale[] | null> {
    const held = await tx
      .select()
      .from(loanPledges)
      .where(and(eq(loanPledges.loanId, row.id), isNull(loanPledges.releasedAt)));
    const pledged: InvocationInput = {
      debtPaise: position.debt,
      ltvBps: product.ltvBps ?? 0,
      lines: held.map((p) => ({
        symbol: p.symbol,
        held: p.quantity - p.invokedQuantity,
        pricePaise: priceOf(p.symbol),
      })),
    };
    const plan = invocationPlan(pledged);
    if (plan.length === 0) return null;
    const sold = plan.map((s) => ({ symbol: s.symbol, quantity: s.quantity }));
    if (!(await end(tx, call, 'invoked', position.ltv, sold))) return null;
    for (const sale of plan) {
      const order = await orders.sellPledged(tx, {
        clientId: row.clientId,
        symbol: sale.symbol,
        quantity: sale.quantity,
        actor: input.actor,
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
        createdAt: clock.now(),
      });
    }
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
    await tell(
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

  /** Why a call is invoked now, or null while it still stands. */
  function invocationReason(call: CallRow, position: Position) {
    if (position.state === 'sell_off') return 'sell-off level';
    if (pastDeadline(call.deadline, istDay(clock.now())))
      return `margin call not met by ${call.deadline}`;
    return null;
  }

  return {
    openCall,

    /**
     * The monitor's step for one locked, disbursed loan at `position`: raise, meet or invoke
     * (at most one of each per pass). Returns what happened.
     */
    async stepLocked(tx: Tx, row: LoanRow, product: ProductRow, position: Position) {
      let call = await openCall(tx, row.id);
      if (position.state === 'ok') {
        if (!call) return null;
        const met = await end(tx, call, 'met', position.ltv);
        if (!met) return null;
        await tell(
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
      const raised = call ? null : await raise(tx, row, product, position);
      call ??= raised;
      if (!call) return null;
      const reason = invocationReason(call, position);
      if (reason && (await invoke(tx, row, product, call, position, { actor: system, reason })))
        return 'invoked' as const;
      return raised ? ('raised' as const) : null;
    },

    /**
     * Operations invoke by hand what the monitor would on its next pass: at the sell-off level
     * or past an open call's deadline, the same plan. Null when neither holds.
     */
    async invokeNow(
      tx: Tx,
      row: LoanRow,
      product: ProductRow,
      position: Position,
      actor: Actor,
    ): Promise<PlannedSale[] | null> {
      if (position.state === 'ok') return null;
      const call = (await openCall(tx, row.id)) ?? (await raise(tx, row, product, position));
      if (!call) return null;
      const reason = invocationReason(call, position);
      return reason ? invoke(tx, row, product, call, position, { actor, reason }) : null;
    },

    /** Open calls of loans no longer disbursed (closed, written off) end with them. */
    async endOrphans(executor: Executor) {
      const gone = executor
        .select({ id: loans.id })
        .from(loans)
        .where(ne(loans.status, 'disbursed'));
      await executor
        .update(loanMarginCalls)
        .set({ status: 'ended', endedAt: clock.now() })
        .where(and(eq(loanMarginCalls.status, 'open'), inArray(loanMarginCalls.loanId, gone)));
    },
  };
}
export type MarginCalls = ReturnType<typeof createMarginCalls>;
