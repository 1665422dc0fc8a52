/** The quote state's SQL: each instrument's live state, saved so a restart resumes the day. */
import { fromExcluded } from '../../db/upsert.ts';
import type { Executor } from '../../db/client.ts';
import { chunks } from './insert-batches.ts';
import type { QuoteState } from './model.ts';
import { quoteState } from './tables.ts';

export async function loadQuoteStates(db: Executor) {
  return db.select().from(quoteState);
}

export async function saveQuoteStates(db: Executor, states: QuoteState[]) {
  for (const rows of chunks(states)) {
    await db
      .insert(quoteState)
      .values(
        rows.map((s) => ({
          symbol: s.symbol,
          tradingDate: s.tradingDate,
          last: s.last,
          open: s.open,
          high: s.high,
          low: s.low,
          prevClose: s.prevClose,
          volume: s.volume,
          valuePaise: Math.round(s.valuePaise),
          tickBasis: s.tickBasis,
          rangePct: s.rangePct,
          updatedAt: s.updatedAt,
        })),
      )
      .onConflictDoUpdate({
        target: quoteState.symbol,
        set: fromExcluded(quoteState, [
          'tradingDate',
          'last',
          'open',
          'high',
          'low',
          'prevClose',
          'volume',
          'valuePaise',
          'tickBasis',
          'rangePct',
          'updatedAt',
        ]),
      });
  }
}
