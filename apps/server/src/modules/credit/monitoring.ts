/**
 * Pledge monitoring for loans against shares: the LTV (what is owed over the pledge's value
 * at the feed's prices) against the product's levels. At or above the margin-call level the
 * client sees a warning and the console lists the loan with its shortfall; at or above the
 * sell-off level operations may invoke the pledge. Each change of level is written on the
 * loan (guarded on its status), audited and shown to the client as an event.
 */
import { and, eq } from 'drizzle-orm';
import { formatBps, type TMarginState, type TShortfall } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Pledges } from '../trading/pledges.ts';
import { recordLoanEvent } from './lifecycle.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Loans } from './loans.ts';
import type { CreditProducts } from './products.ts';
import { loans } from './tables.ts';
import {
  type LoanRow,
  ltvOf,
  marginStateOf,
  outstandingOf,
  paiseNumber,
  pledgeViews,
  type ProductRow,
} from './views.ts';

type Deps = { db: Db; clock: Clock; loans: Loans; products: CreditProducts; pledges: Pledges };

const MESSAGES: Record<TMarginState, (ltv: string) => string> = {
  ok: (ltv) => `Your pledge covers the loan again (LTV ${ltv}).`,
  margin_call: (ltv) =>
    `Margin call: the loan is ${ltv} of your pledged shares' value. Repay part of it or pledge more shares.`,
  sell_off: (ltv) =>
    `The loan is ${ltv} of your pledged shares' value, at the sell-off level: operations may sell pledged shares to repay it.`,
};

export function createMonitoring({ db, clock, loans: loanService, products, pledges }: Deps) {
  /** A loan's live position: the pledge's value now, the LTV, its level and the shortfall. */
  async function positionOf(row: LoanRow, product: ProductRow) {
    const lines = (await loanService.pledgesOf(db, [row.id])).get(row.id) ?? [];
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

  return {
    positionOf,

    /** Recomputes every active secured loan's LTV; records and reports each change of level. */
    async check(): Promise<{ checked: number; changed: number }> {
      const rows = await loanService.securedActive();
      const byId = new Map((await products.all()).map((p) => [p.id, p] as const));
      let changed = 0;
      for (const row of rows) {
        const product = byId.get(row.productId)!;
        const { ltv, state } = await positionOf(row, product);
        const before = (row.marginState ?? 'ok') as TMarginState;
        if (state === before && ltv === row.ltvBps) continue;
        await db.transaction(async (tx) => {
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
      return { checked: rows.length, changed };
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
