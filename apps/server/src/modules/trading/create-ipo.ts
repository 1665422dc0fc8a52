/** Operations publish an IPO issue: its price band, lot, shares offered and dates. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { IPO_LISTING_DAYS, IPO_RETAIL_CAP_PAISE, type TIpoIssue, TM } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import type { IpoDeps } from './ipo-deps.ts';
import { ipoViews, tradingDaysAfter } from './ipo-reads.ts';
import { ipoIssues } from './tables.ts';

export type IpoInput = {
  symbol: string;
  name: string;
  sector?: string | undefined;
  industry?: string | undefined;
  isin?: string | undefined;
  price_low: bigint;
  price_high: bigint;
  lot_size: number;
  shares_offered: number;
  open_date: string;
  close_date: string;
  listing_date?: string | undefined;
  description?: string | undefined;
};

export async function createIpo(
  deps: IpoDeps,
  input: IpoInput,
  staffId: string,
  actor: Actor,
): Promise<TIpoIssue> {
  const { db, clock, market } = deps;
  if (input.price_high < input.price_low) throw badRequest(TM.bandInvalid);
  const listingDate =
    input.listing_date ?? tradingDaysAfter(market.calendar, input.close_date, IPO_LISTING_DAYS);
  if (input.close_date < input.open_date || listingDate < input.close_date)
    throw badRequest(TM.datesInvalid);
  if (input.shares_offered % input.lot_size !== 0) throw badRequest(TM.sharesInvalid);
  if (input.price_high * BigInt(input.lot_size) > IPO_RETAIL_CAP_PAISE)
    throw badRequest(TM.aboveRetailCap);
  if (market.engine.instrument(input.symbol)) throw conflict(TM.symbolTaken);
  const row = await plainTransaction(db)(async (tx) => {
    const [taken] = await tx
      .select({ id: ipoIssues.id })
      .from(ipoIssues)
      .where(eq(ipoIssues.symbol, input.symbol));
    if (taken) throw conflict(TM.symbolTaken);
    const [row] = await tx
      .insert(ipoIssues)
      .values({
        id: randomUUID(),
        symbol: input.symbol,
        name: input.name,
        sector: input.sector || null,
        industry: input.industry || null,
        isin: input.isin || null,
        description: input.description || null,
        priceLowPaise: input.price_low,
        priceHighPaise: input.price_high,
        lotSize: input.lot_size,
        sharesOffered: input.shares_offered,
        openDate: input.open_date,
        closeDate: input.close_date,
        listingDate,
        createdByStaffId: staffId,
        createdAt: clock.now(),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'trading.ipo.create',
      subjectType: 'ipo',
      subjectId: row!.id,
      after: {
        symbol: row!.symbol,
        band: [String(input.price_low), String(input.price_high)],
        lot: input.lot_size,
        dates: [input.open_date, input.close_date, listingDate],
      },
    });
    return row!;
  });
  return (await ipoViews(deps, [row]))[0]!;
}
