/**
 * Pledge monitoring for loans against shares: the LTV (what is owed over the pledge's value
 * at the feed's prices) against the product's levels. Each pass first settles finished sales
 * of pledged shares (their proceeds repay the loan through the ledger), then, under each
 * loan's row lock, records a change of level and runs the margin-call step (margin-calls.ts):
 * raise a call with its deadline, see it met, or invoke the pledge past the deadline or at the
 * sell-off level, largest holding by value first (invocation.ts). A loan whose sale is still
 * open is left alone: its LTV waits for the proceeds.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  formatPaise,
  LM,
  type TConsoleLoanDetail,
  type TMarginState,
  type TShortfall,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import {
  inTransaction,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Pledges } from '../trading/service.ts';
import type { TradingService } from '../trading/service.ts';
import { addDays, istDay } from './interest.ts';
import { type IsTradingDay, pastDeadline } from './invocation.ts';
import { recordLoanEvent } from './lifecycle.ts';
import type { Loans } from './loans.ts';
import {
  type ClientNotice,
  createMarginCalls,
  loansSelling,
  type Position,
} from './margin-calls.ts';
import type { CreditProducts } from './products.ts';
import type { Servicing } from './servicing.ts';
import { loanMarginCalls, loanPledges, loanPledgeSales, loans } from './tables.ts';
import {
  type LoanRow,
  ltvOf,
  marginStateOf,
  outstandingOf,
  paiseNumber,
  pledgeViews,
  type ProductRow,
} from './views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  loans: Loans;
  products: CreditProducts;
  pledges: Pledges;
  servicing: Servicing;
  /** Trading's orders: a market sale of pledged shares, and how such a sale ended. */
  orders: Pick<TradingService['orders'], 'sellPledged' | 'outcomes'>;
  /** E-mail to the client for a margin call, its end and an invocation. */
  notify?: ClientNotice | undefined;
  /** The exchange calendar's trading days: a margin call's deadline counts them. */
  isTradingDay: IsTradingDay;
};

export function createMonitoring(deps: Deps) {
  const { db, clock, ledger, loans: loanService, products, pledges, servicing, orders } = deps;
  const marginCalls = createMarginCalls({
    clock,
    isTradingDay: deps.isTradingDay,
    priceOf: pledges.priceOf,
    orders,
    notify: deps.notify,
  });

  /** A loan's live position: the pledge's value now, the LTV, its level and the shortfall. */
  async function positionOf(
    row: LoanRow,
    product: ProductRow,
    executor: Executor = db,
  ): Promise<Position> {
    const lines = (await loanService.pledgesOf(executor, [row.id])).get(row.id) ?? [];
    const { value } = pledgeViews(lines, pledges.priceOf, pledges.nameOf);
    const debt = outstandingOf(row);
    const ltv = ltvOf(debt, value);
    const allowed = product.ltvBps === null ? 0n : (value * BigInt(product.ltvBps)) / 10_000n;
    return {
      value,
      debt,
      ltv,
      state: marginStateOf(ltv, product),
      shortfall: debt > allowed ? debt - allowed : 0n,
    };
  }

  /** A sale of this loan's pledged shares not yet settled (read under the loan's lock). */
  async function selling(tx: Tx, loanId: string) {
    const [open] = await tx
      .select({ orderId: loanPledgeSales.orderId })
      .from(loanPledgeSales)
      .where(and(eq(loanPledgeSales.loanId, loanId), isNull(loanPledgeSales.settledAt)))
      .limit(1);
    return open !== undefined;
  }

  /**
   * One loan's pass under its lock: the level recorded (audited when it changes), then the
   * margin-call step. Nothing while a sale of its shares is open.
   */
  async function checkLocked(tx: Tx, loanId: string, product: ProductRow) {
    const row = await servicing.lockLoan(tx, loanId);
    if (row.status !== 'disbursed' || (await selling(tx, loanId))) return null;
    const position = await positionOf(row, product, tx);
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
    const outcome = await marginCalls.stepLocked(tx, row, product, position);
    return { changed: position.state !== before, outcome };
  }

  /**
   * Applies what finished sales of pledged shares raised to their loans: fees, interest, then
   * principal, never more than is owed or than the client's cash holds. Shares a sale did not
   * sell (an order that expired) go back into the pledge when they are still free.
   */
  async function settleSales(): Promise<number> {
    const open = await db
      .select()
      .from(loanPledgeSales)
      .where(isNull(loanPledgeSales.settledAt))
      .orderBy(asc(loanPledgeSales.createdAt));
    const ended = (await orders.outcomes(open.map((s) => s.orderId))).filter(
      (o) => o.status !== 'awaiting',
    );
    let settled = 0;
    for (const outcome of ended) {
      const sale = open.find((s) => s.orderId === outcome.id)!;
      await inTransaction(db, async (tx) => {
        const locked = await servicing.lockLoan(tx, sale.loanId);
        const [still] = await tx
          .select({ settledAt: loanPledgeSales.settledAt })
          .from(loanPledgeSales)
          .where(eq(loanPledgeSales.orderId, sale.orderId))
          .for('update');
        if (still?.settledAt) return;
        let applied = 0n;
        const system: Actor = { type: 'system', id: 'credit-pledge' };
        if (locked.status === 'disbursed' && outcome.proceedsPaise > 0n) {
          const { row } = await servicing.accrueLocked(
            tx,
            locked,
            addDays(istDay(clock.now()), -1),
          );
          const owed = row.outstandingPrincipalPaise + row.accruedInterestPaise + row.feesDuePaise;
          const cash = (await ledger.balancesOf(row.clientId, tx)).cash_available;
          applied = [outcome.proceedsPaise, owed, cash].reduce((a, b) => (a < b ? a : b));
          if (applied > 0n) await servicing.repayLocked(tx, row, applied, system, 'pledge_sale');
        }
        const unsold = outcome.quantity - outcome.filledQuantity;
        if (unsold > 0) {
          await tx
            .update(loanPledges)
            .set({ invokedQuantity: sql`${loanPledges.invokedQuantity} - ${unsold}` })
            .where(and(eq(loanPledges.loanId, sale.loanId), eq(loanPledges.symbol, sale.symbol)));
          const [after] = await tx
            .select({ status: loans.status })
            .from(loans)
            .where(eq(loans.id, sale.loanId));
          if (after?.status === 'disbursed') {
            try {
              await tx.transaction(async (inner) =>
                pledges.pledge(inner as typeof tx, locked.clientId, [
                  { symbol: sale.symbol, quantity: unsold },
                ]),
              );
            } catch {
              await recordLoanEvent(
                tx,
                clock,
                sale.loanId,
                'pledge_short',
                `${unsold} ${sale.symbol} were not sold and could not be pledged again.`,
              );
            }
          } else {
            // The loan closed meanwhile: the unsold shares are simply released.
            await tx
              .update(loanPledges)
              .set({ releasedAt: clock.now() })
              .where(and(eq(loanPledges.loanId, sale.loanId), eq(loanPledges.symbol, sale.symbol)));
          }
        }
        await tx
          .update(loanPledgeSales)
          .set({ settledAt: clock.now(), appliedPaise: applied })
          .where(eq(loanPledgeSales.orderId, sale.orderId));
        await recordAudit(tx, system, {
          action: 'loan.pledge_sale_settled',
          subjectType: 'loan',
          subjectId: sale.loanId,
          after: {
            orderId: sale.orderId,
            symbol: sale.symbol,
            sold: outcome.filledQuantity,
            proceedsPaise: outcome.proceedsPaise.toString(),
            appliedPaise: applied.toString(),
          },
        });
        await recordLoanEvent(
          tx,
          clock,
          sale.loanId,
          'pledge_sale',
          `${outcome.filledQuantity} of ${outcome.quantity} pledged ${sale.symbol} sold for ${formatPaise(outcome.proceedsPaise)}; ${formatPaise(applied)} applied to the loan.`,
          null,
          // The client is told what the sale raised and repaid (decision 056).
          {
            type: 'pledge_sold',
            symbol: sale.symbol,
            quantity: outcome.quantity,
            sold_quantity: outcome.filledQuantity,
            proceeds_paise: paiseNumber(outcome.proceedsPaise),
            repaid_paise: paiseNumber(applied),
          },
        );
        settled += 1;
      });
    }
    return settled;
  }

  return {
    positionOf,
    settleSales,

    /**
     * Operations invoke the pledge by hand, as the monitor would on its next pass: at the
     * sell-off level or past an open margin call's deadline, the same plan (largest holding by
     * value first, only what restores the product's LTV); the sales are applied to the loan
     * once they end (settleSales). 409 otherwise, or while an earlier sale is still open.
     */
    async invokePledge(
      loanId: string,
      options: { staffId: string; actor: Actor; transaction?: TransactionRunner },
    ): Promise<TConsoleLoanDetail> {
      await loanService.assertDecider(options.staffId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const row = await servicing.lockLoan(tx, loanId);
        if (row.status !== 'disbursed') throw badRequest(LM.notDisbursed);
        if (await selling(tx, loanId)) throw conflict(LM.pledgeSaleOpen);
        const product = await products.byId(row.productId, tx);
        const position = await positionOf(row, product, tx);
        const sold = await marginCalls.invokeNow(tx, row, product, position, options.actor);
        if (!sold) throw conflict(LM.notSellOff);
        return loanService.consoleDetailIn(row.id, tx);
      });
    },

    /**
     * The monitor's pass: settles finished sales, ends calls of loans that closed, and steps
     * every active secured loan whose level, LTV or open call asks for it.
     */
    async check() {
      const settled = await settleSales();
      await marginCalls.endOrphans(db);
      const rows = await loanService.securedActive();
      const byId = new Map((await products.all()).map((p) => [p.id, p] as const));
      const busy = await loansSelling(db);
      const deadlines = new Map(
        (
          await db
            .select({ loanId: loanMarginCalls.loanId, deadline: loanMarginCalls.deadline })
            .from(loanMarginCalls)
            .where(eq(loanMarginCalls.status, 'open'))
        ).map((c) => [c.loanId, c.deadline] as const),
      );
      const today = istDay(clock.now());
      const result = { checked: rows.length, changed: 0, settled, raised: 0, met: 0, invoked: 0 };
      for (const row of rows) {
        if (busy.has(row.id)) continue;
        const product = byId.get(row.productId)!;
        const { ltv, state } = await positionOf(row, product);
        const deadline = deadlines.get(row.id);
        const callWork =
          deadline === undefined
            ? state !== 'ok'
            : state === 'ok' || state === 'sell_off' || pastDeadline(deadline, today);
        if (!callWork && state === (row.marginState ?? 'ok') && ltv === row.ltvBps) continue;
        const step = await inTransaction(db, (tx) => checkLocked(tx, row.id, product));
        if (!step) continue;
        if (step.changed) result.changed += 1;
        if (step.outcome) result[step.outcome] += 1;
      }
      return result;
    },

    /** The console's shortfall list: secured loans at or above their margin-call level now. */
    async shortfalls(viewer: Viewer | null): Promise<TShortfall[]> {
      const rows = await loanService.securedActive();
      const byId = new Map((await products.all()).map((p) => [p.id, p] as const));
      const own =
        !viewer || viewer.seesAdvisor === null
          ? null
          : new Set(await ownClients(viewer.seesAdvisor));
      const out: { row: LoanRow; shortfall: bigint; ltv: number | null }[] = [];
      for (const row of rows) {
        if (own && !own.has(row.clientId)) continue;
        const position = await positionOf(row, byId.get(row.productId)!);
        if (position.state === 'ok') continue;
        out.push({ row, shortfall: position.shortfall, ltv: position.ltv });
      }
      out.sort((a, b) => (b.ltv ?? 0) - (a.ltv ?? 0));
      const views = await loanService.consoleViews(out.map((o) => o.row));
      return out.map((o, i) => ({ loan: views[i]!, shortfall_paise: paiseNumber(o.shortfall) }));
    },
  };

  async function ownClients(advisorId: string) {
    return loanService.clientIdsOfAdvisor(advisorId);
  }
}
export type Monitoring = ReturnType<typeof createMonitoring>;
