/**
 * IPO issues: operations publish an issue with its price band, lot and dates; clients bid
 * while it is open (placement); bidding closes on the close date or when operations close it;
 * the allotment runs once, by lottery when oversubscribed; on the listing date the stock
 * joins the market and the escrow is paid to the issuer. Every step is audited.
 */
import { eq } from 'drizzle-orm';
import { IPO_LISTING_DAYS, type TIpoIssue } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { allotIpo } from './allot-ipo.ts';
import { closeIpo } from './close-ipo.ts';
import { createIpo, type IpoInput } from './create-ipo.ts';
import type { IpoDeps } from './ipo-deps.ts';
import {
  allotmentOf,
  dueForListing,
  ipoRow,
  ipoViews,
  listIpos,
  namesOfIpos,
  tradingDaysAfter,
} from './ipo-reads.ts';
import { listIpoOnMarket } from './list-ipo-on-market.ts';
import { ipoIssues } from './tables.ts';

export { ipoById } from './ipo-reads.ts';
export { IPO_TRANSITIONS } from './ipo-transitions.ts';

export function createIpos(deps: IpoDeps) {
  const { db } = deps;
  return {
    defaultListingDate: (closeDate: string) =>
      tradingDaysAfter(deps.market.calendar, closeDate, IPO_LISTING_DAYS),
    createIpo: (input: IpoInput, staffId: string, actor: Actor) =>
      createIpo(deps, input, staffId, actor),
    ipos: (status: 'open' | 'closed' | 'all') => listIpos(deps, status),
    ipo: async (id: string): Promise<TIpoIssue> =>
      (await ipoViews(deps, [await ipoRow(deps, id)]))[0]!,
    ipoBySymbol: async (symbol: string) =>
      (await db.select().from(ipoIssues).where(eq(ipoIssues.symbol, symbol)))[0] ?? null,
    namesOfIpos: (symbols: string[], executor: Executor = db) => namesOfIpos(executor, symbols),
    closeIpo: (id: string, actor: Actor) => closeIpo(deps, id, actor),
    allotIpo: (
      id: string,
      seedInput: string | undefined,
      options: Parameters<typeof allotIpo>[3],
    ) => allotIpo(deps, id, seedInput, options),
    allotment: (id: string) => allotmentOf(deps, id),
    listIpo: (id: string, actor: Actor) => listIpoOnMarket(deps, id, actor),
    dueForListing: () => dueForListing(deps),
  };
}
export type Ipos = ReturnType<typeof createIpos>;
