/**
 * Pledge monitoring for loans against shares: the LTV (what is owed over the pledge's value
 * at the feed's prices) against the product's levels. At or above the margin-call level the
 * client sees a warning and the console lists the loan with its shortfall; at or above the
 * sell-off level operations may invoke the pledge. Each change of level is written on the
 * loan (guarded on its status), audited and shown to the client as an event.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  formatBps,
  formatPaise,
  LM,
  type TConsoleLoanDetail,
  type TMarginState,
  type TShortfall,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
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
import { recordLoanEvent } from './lifecycle.ts';
import type { Loans } from './loans.ts';
import type { CreditProducts } from './products.ts';
import type { Servicing } from './servicing.ts';
import { loanPledges, loanPledgeSales, loans } from './tables.ts';
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
};

const MESSAGES: Record<TMarginState, (ltv: string) => string> = {
  ok: (ltv) => `Your pledge covers the loan again (LTV ${ltv}).`,
  margin_call: (ltv) =>
    `Margin call: the loan is ${ltv} of your pledged shares' value. Repay part of it or pledge more shares.`,
  sell_off: (ltv) =>
    `The loan is ${ltv} of your pledged shares' value, at the sell-off level: operations may sell pledged shares to repay it.`,
};

export function createMonitoring(deps: Deps) {
  const { db, clock, ledger, loans: loanService, products, pledges, servicing, orders } = deps;
  /** A loan's live position: the pledge's value now, the LTV, its level and the shortfall. */
  async function positionOf(row: LoanRow, product: ProductRow, executor: Executor = db) {
    const lines = (await loanService.pledgesOf(executor, [row.id])).get(row.id) ?? [];
    const { value } = pledgeViews(lines, pledges.priceOf, pledges.nameOf);
    const debt = outstandingOf(row);
    const ltv = ltvOf(debt, value);
    const allowed = product.ltvBps === null ? 0n : (value * BigInt(product.ltvBps)) / 10_000n;
    return {
      value,
      ltv,
      state: marginStateOf(ltv, product),
      shortfall: debt > allowed ? debt - allowed : 0n,
    };
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
     * Operations invoke the pledge of a loan at its sell-off level: every pledged share still
     * held goes up for sale at market (trading's engine sells it against the feed); the sales
     * are applied to the loan once they end (settleSales, on the monitor's next pass).
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
        const product = await products.byId(row.productId, tx);
        const position = await positionOf(row, product, tx);
        if (position.state !== 'sell_off') throw conflict(LM.notSellOff);
        const held = await tx
          .select()
          .from(loanPledges)
          .where(and(eq(loanPledges.loanId, loanId), isNull(loanPledges.releasedAt)));
        const sold: string[] = [];
        for (const line of held) {
          const quantity = line.quantity - line.invokedQuantity;
          if (quantity <= 0) continue;
          const order = await orders.sellPledged(tx, {
            clientId: row.clientId,
            symbol: line.symbol,
            quantity,
            actor: options.actor,
            note: `Pledge invoked for loan ${loanId}`,
          });
          await tx
            .update(loanPledges)
            .set({ invokedQuantity: line.quantity })
            .where(and(eq(loanPledges.loanId, loanId), eq(loanPledges.symbol, line.symbol)));
          await tx.insert(loanPledgeSales).values({
            orderId: order.id,
            loanId,
            symbol: line.symbol,
            quantity,
            createdAt: clock.now(),
          });
          sold.push(`${quantity} ${line.symbol}`);
        }
        if (sold.length === 0) throw conflict(LM.notSellOff);
        await recordAudit(tx, options.actor, {
          action: 'loan.invoke_pledge',
          subjectType: 'loan',
          subjectId: loanId,
          after: { clientId: row.clientId, ltvBps: position.ltv, sold, staffId: options.staffId },
        });
        await recordLoanEvent(
          tx,
          clock,
          loanId,
          'invoke_pledge',
          `Pledge invoked at LTV ${position.ltv === null ? '—' : formatBps(position.ltv)}: ${sold.join(', ')} put up for sale at market to repay the loan.`,
        );
        return loanService.consoleDetailIn(row.id, tx);
      });
    },

    /** Recomputes every active secured loan's LTV; records and reports each change of level. */
    async check(): Promise<{ checked: number; changed: number; settled: number }> {
      const settled = await settleSales();
      const rows = await loanService.securedActive();
      const byId = new Map((await products.all()).map((p) => [p.id, p] as const));
      let changed = 0;
      for (const row of rows) {
        const product = byId.get(row.productId)!;
        const { ltv, state } = await positionOf(row, product);
        const before = (row.marginState ?? 'ok') as TMarginState;
        if (state === before && ltv === row.ltvBps) continue;
        await inTransaction(db, async (tx) => {
          const [moved] = await tx
            .update(loans)
            .set({ ltvBps: ltv, marginState: state })
            .where(and(eq(loans.id, row.id), eq(loans.status, 'disbursed')))
            .returning({ id: loans.id });
          if (!moved || state === before) return;
          changed += 1;
          const shown = ltv === null ? '—' : formatBps(ltv);
          await recordAudit(
            tx,
            { type: 'system', id: 'credit-monitor' },
            {
              action: `loan.${state}`,
              subjectType: 'loan',
              subjectId: row.id,
              before: { marginState: before, ltvBps: row.ltvBps },
              after: { marginState: state, ltvBps: ltv, clientId: row.clientId },
            },
          );
          await recordLoanEvent(tx, clock, row.id, state, MESSAGES[state](shown), { ltvBps: ltv });
        });
      }
      return { checked: rows.length, changed, settled };
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
