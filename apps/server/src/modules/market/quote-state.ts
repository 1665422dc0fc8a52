/** The quote state's SQL: each instrument's live state, saved so a restart resumes the day. */
import { sql } from 'drizzle-orm';
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
        set: {
          tradingDate: sql`excluded.trading_date`,
          last: sql`excluded.last`,
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          prevClose: sql`excluded.prev_close`,
          volume: sql`excluded.volume`,
          valuePaise: sql`excluded.value_paise`,
          tickBasis: sql`excluded.tick_basis`,
          rangePct: sql`excluded.range_pct`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}
