/**
 * OTC desk quotes: operations quote a block of a listed stock to buy or sell within ±3% of
 * the live price, valid until a time; clients take parts of it (placement), the desk
 * confirms or rejects each take, and operations may close the quote early. Takes and
 * returns are guarded UPDATEs, so a quote is never taken beyond its quantity.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { paiseNumber, type TInstrumentReference, TM, type TOtcQuote } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { applyTransition, lifecycle, type Transition } from '../../platform/transitions.ts';
import type { OfferingDeps } from './offering-deps.ts';
import { otcBand } from './otc-band.ts';
import { type OtcQuoteInput, publishOtcQuote } from './publish-otc-quote.ts';
import { otcQuotes } from './tables.ts';
import { quoteView } from './views.ts';

/** The console lists the latest quotes; older ones stay in the database. */
const LIST_LIMIT = 200;

export { otcBand } from './otc-band.ts';

/**
 * A quote is published until operations close it. (Views also show it closed once its
 * validity ends or it is fully taken; that is time and quantity, not a step.)
 */
type QuoteState = 'published' | 'closed';
export const QUOTE_TRANSITIONS: Record<'close', Transition<QuoteState>> = {
  close: { from: ['published'], to: 'closed' },
};

const QUOTE = lifecycle({
  name: 'trading.otc',
  subject: 'otc_quote',
  table: otcQuotes,
  state: {
    sql: () => sql`case when ${otcQuotes.closedAt} is null then 'published' else 'closed' end`,
  },
  transitions: QUOTE_TRANSITIONS,
  refuse: () => notFound(TM.offeringNotFound),
});

// ---------- The quote's SQL for placement and execution ----------

export async function quoteById(executor: Executor, id: string) {
  const [quote] = await executor.select().from(otcQuotes).where(eq(otcQuotes.id, id));
  return quote;
}

/** Takes `quantity` off an open quote; false when less than that remains. */
export async function takeFromQuote(tx: Tx, id: string, quantity: number): Promise<boolean> {
  const taken = await tx
    .update(otcQuotes)
    .set({ taken: sql`${otcQuotes.taken} + ${quantity}` })
    .where(
      and(
        eq(otcQuotes.id, id),
        sql`${otcQuotes.quantity} - ${otcQuotes.taken} >= ${quantity}`,
        sql`${otcQuotes.closedAt} is null`,
      ),
    )
    .returning({ id: otcQuotes.id });
  return taken.length > 0;
}

/** A take's untaken rest goes back to the quote. */
export async function returnToQuote(tx: Tx, id: string, quantity: number) {
  await tx
    .update(otcQuotes)
    .set({ taken: sql`${otcQuotes.taken} - ${quantity}` })
    .where(eq(otcQuotes.id, id));
}

export function createOtcQuotes(deps: OfferingDeps) {
  const { db, clock, equity } = deps;

  return {
    /** The live price and the band a quote must keep to. */
    reference(symbol: string): TInstrumentReference {
      const { instrument, state } = equity.listed(symbol.toUpperCase());
      const band = otcBand(BigInt(state.last));
      return {
        symbol: instrument.symbol,
        name: instrument.name,
        price_paise: state.last,
        prev_close_paise: state.prevClose,
        otc_lower_paise: paiseNumber(band.lower),
        otc_upper_paise: paiseNumber(band.upper),
      };
    },

    createQuote: (input: OtcQuoteInput, staffId: string, actor: Actor) =>
      publishOtcQuote(deps, input, staffId, actor),

    async quotes(status: 'open' | 'closed' | 'all'): Promise<TOtcQuote[]> {
      const rows = await db
        .select()
        .from(otcQuotes)
        .where(
          status === 'open'
            ? and(sql`${otcQuotes.closedAt} is null`, sql`${otcQuotes.validUntil} > ${clock.now()}`)
            : undefined,
        )
        .orderBy(desc(otcQuotes.createdAt))
        .limit(status === 'open' ? 1000 : LIST_LIMIT);
      const now = clock.now();
      return rows
        .map((r) => quoteView(r, equity.info(r.symbol), now))
        .filter((v) => status === 'all' || v.status === status);
    },

    async closeQuote(id: string, actor: Actor): Promise<TOtcQuote> {
      const row = await plainTransaction(db)((tx) =>
        applyTransition(tx, QUOTE, 'close', {
          id,
          at: clock.now(),
          set: { closedAt: clock.now() },
          audit: { actor },
          events: deps.events,
        }),
      );
      return quoteView(row, equity.info(row.symbol), clock.now());
    },
  };
}
export type OtcQuotes = ReturnType<typeof createOtcQuotes>;
