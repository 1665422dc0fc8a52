import { randomUUID } from 'node:crypto';
import { formatPaise, TM, type TOtcQuote } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import type { OfferingDeps } from './offering-deps.ts';
import { otcBand } from './otc-band.ts';
import { otcQuotes } from './tables.ts';
import { quoteView } from './views.ts';

export type OtcQuoteInput = {
  symbol: string;
  side: 'buy' | 'sell';
  price: bigint;
  quantity: number;
  valid_until: string;
  note?: string | undefined;
};

/** Operations quote a block within the band around the live price, valid until a later time. */
export async function publishOtcQuote(
  deps: OfferingDeps,
  input: OtcQuoteInput,
  staffId: string,
  actor: Actor,
): Promise<TOtcQuote> {
  const { db, clock, equity } = deps;
  const { state } = equity.listed(input.symbol);
  const reference = BigInt(state.last);
  const band = otcBand(reference);
  if (input.price < band.lower || input.price > band.upper)
    throw badRequest(TM.priceOutsideOtcBand(formatPaise(band.lower), formatPaise(band.upper)));
  const validUntil = new Date(input.valid_until);
  if (validUntil <= clock.now()) throw badRequest(TM.windowPast);
  const row = await plainTransaction(db)(async (tx) => {
    const [row] = await tx
      .insert(otcQuotes)
      .values({
        id: randomUUID(),
        symbol: input.symbol,
        side: input.side,
        pricePaise: input.price,
        referencePricePaise: reference,
        quantity: input.quantity,
        validUntil,
        note: input.note || null,
        createdByStaffId: staffId,
        createdAt: clock.now(),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'trading.otc.create',
      subjectType: 'otc_quote',
      subjectId: row!.id,
      after: {
        symbol: row!.symbol,
        side: row!.side,
        price: String(row!.pricePaise),
        reference: String(reference),
        quantity: row!.quantity,
      },
    });
    return row!;
  });
  return quoteView(row, equity.info(row.symbol), clock.now());
}
