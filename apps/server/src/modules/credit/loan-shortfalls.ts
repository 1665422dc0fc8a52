import type { TShortfall } from '@sampada/shared';
import type { Viewer } from '../../platform/viewer.ts';
import { positionOf } from './loan-position.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { type LoanRow, paiseNumber } from './views.ts';

/** The console's shortfall list: secured loans at or above their margin-call level now. */
export async function loanShortfalls(
  deps: MonitoringDeps,
  viewer: Viewer | null,
): Promise<TShortfall[]> {
  const { loans } = deps;
  const rows = await loans.securedActive();
  const byId = new Map((await deps.products.all()).map((p) => [p.id, p] as const));
  const own =
    !viewer || viewer.seesAdvisor === null
      ? null
      : new Set(await loans.clientIdsOfAdvisor(viewer.seesAdvisor));
  const out: { row: LoanRow; shortfall: bigint; ltv: number | null }[] = [];
  for (const row of rows) {
    if (own && !own.has(row.clientId)) continue;
    const position = await positionOf(deps, row, byId.get(row.productId)!);
    if (position.state === 'ok') continue;
    out.push({ row, shortfall: position.shortfall, ltv: position.ltv });
  }
  out.sort((a, b) => (b.ltv ?? 0) - (a.ltv ?? 0));
  const views = await loans.consoleViews(out.map((o) => o.row));
  return out.map((o, i) => ({ loan: views[i]!, shortfall_paise: paiseNumber(o.shortfall) }));
}
