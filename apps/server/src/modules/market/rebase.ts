/**
 * The market's side of a split, consolidation or bonus (issue 34, decision 051): what it has
 * stored at the old shares' prices is re-based to the new shares, in the transaction that
 * applies the action. The engine's live state follows after the commit (engine.ts `rebase`),
 * on the leader, which publishes it to the followers.
 */
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { shareFactor, type ShareRatio } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { candles, indexConstituents, quoteState } from './tables.ts';

/** What the engine and the bus need to re-base a scrip: its symbol and the action's ratio. */
export type Rebase = { symbol: string; ratio: ShareRatio };

/**
 * `priceAfter` (shared corporate-ratio.ts) in SQL: × den / num, rounded half up on numeric,
 * never below a paisa. corporate-rebase.test.ts checks the two agree on the stored rows.
 */
export function priceSql(column: AnyPgColumn, ratio: ShareRatio): SQL {
  const { num, den } = shareFactor(ratio);
  return sql`greatest(1, round(${column}::numeric * ${den} / ${num}))`;
}
const nullablePriceSql = (column: AnyPgColumn, ratio: ShareRatio) =>
  sql`case when ${column} is null then null else ${priceSql(column, ratio)} end`;

function volumeSql(column: AnyPgColumn, ratio: ShareRatio): SQL {
  const { num, den } = shareFactor(ratio);
  return sql`round(${column}::numeric * ${num} / ${den})`;
}

/**
 * Candles whose bucket starts before the ex-date's start (every interval, a week holding the
 * ex-date included: its prints so far are the old shares'), the saved quote state, and each
 * index's base price of the scrip (so the index level does not fall by the ratio).
 */
export async function rebaseStored(tx: Executor, { symbol, ratio }: Rebase, exDayStart: Date) {
  await tx
    .update(candles)
    .set({
      open: priceSql(candles.open, ratio),
      high: priceSql(candles.high, ratio),
      low: priceSql(candles.low, ratio),
      close: priceSql(candles.close, ratio),
      volume: volumeSql(candles.volume, ratio),
    })
    .where(and(eq(candles.symbol, symbol), lt(candles.start, exDayStart)));
  await tx
    .update(quoteState)
    .set({
      last: priceSql(quoteState.last, ratio),
      open: nullablePriceSql(quoteState.open, ratio),
      high: nullablePriceSql(quoteState.high, ratio),
      low: nullablePriceSql(quoteState.low, ratio),
      prevClose: priceSql(quoteState.prevClose, ratio),
      tickBasis: priceSql(quoteState.tickBasis, ratio),
      volume: volumeSql(quoteState.volume, ratio),
    })
    .where(eq(quoteState.symbol, symbol));
  await tx
    .update(indexConstituents)
    .set({ basePricePaise: priceSql(indexConstituents.basePricePaise, ratio) })
    .where(eq(indexConstituents.symbol, symbol));
}
