/**
 * Reading corporate actions' adjustments back (holding_adjustments): the lots' view of them
 * (tax-lots.ts folds them in) and a scrip's positions at an instant — fills up to it plus the
 * adjustments effective by then — which is what a record date entitles.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { holdingAdjustments } from './tables.ts';
import type { LotAdjustment } from './tax-lots.ts';

export async function loadLotAdjustments(db: Executor, clientId: string): Promise<LotAdjustment[]> {
  const rows = await db
    .select()
    .from(holdingAdjustments)
    .where(eq(holdingAdjustments.clientId, clientId))
    .orderBy(asc(holdingAdjustments.effectiveAt), asc(holdingAdjustments.createdAt));
  return rows.map((r) => ({
    symbol: r.symbol,
    kind: r.kind as LotAdjustment['kind'],
    newSymbol: r.newSymbol,
    effectiveAt: r.effectiveAt,
    allottedAt: r.allottedAt,
    quantityBefore: r.quantityBefore,
    quantityAfter: r.quantityAfter,
    costPaise: r.costPaise,
  }));
}

/**
 * Each client's position in `symbol` before `at` (fills strictly before it; adjustments
 * effective at or before it, i.e. every one already applied for an earlier or the same
 * ex-date). A symbol change takes its shares out of the old symbol and into the new one.
 */
export async function positionsBefore(executor: Executor, symbol: string, at: Date) {
  const result = await executor.execute(sql`
    select client_id, sum(q)::text as quantity from (
      select client_id, case when side = 'buy' then quantity else -quantity end as q
        from fills where symbol = ${symbol} and executed_at < ${at}
      union all
      select client_id, case when kind = 'symbol_change' then -quantity_before
                             else quantity_after - quantity_before end
        from holding_adjustments where symbol = ${symbol} and effective_at <= ${at}
      union all
      select client_id, quantity_after
        from holding_adjustments where new_symbol = ${symbol} and effective_at <= ${at}
    ) moves group by client_id having sum(q) > 0 order by client_id`);
  const { rows } = result as unknown as { rows: { client_id: string; quantity: string }[] };
  return rows.map((r) => ({ clientId: r.client_id, quantity: Number(r.quantity) }));
}
