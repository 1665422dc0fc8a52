/**
 * Listing: on or after the listing date the stock joins the market at the issue price and the
 * feed moves it from there; the escrowed money is paid to the issuer.
 */
import { type TAllotmentResult, type TIpoIssue, TM } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import { firmAccount } from '../ledger/service.ts';
import type { IpoDeps } from './ipo-deps.ts';
import { ipoViews } from './ipo-reads.ts';
import { IPO } from './ipo-transitions.ts';

export async function listIpoOnMarket(deps: IpoDeps, id: string, actor: Actor): Promise<TIpoIssue> {
  const { db, clock, ledger, market } = deps;
  let price = 0n;
  const listed = await plainTransaction(db)((tx) =>
    applyTransition(tx, IPO, 'list', {
      id,
      at: clock.now(),
      set: { listedAt: clock.now() },
      async effect(issue) {
        if (istDateOf(clock.now()) < issue.listingDate)
          throw conflict(TM.ipoListingDate(issue.listingDate));
        price = issue.issuePricePaise ?? issue.priceHighPaise;
        const summary = issue.allotment as TAllotmentResult | null;
        const escrow = price * BigInt((summary?.lots_allotted ?? 0) * issue.lotSize);
        if (escrow > 0n)
          await ledger.transfer(tx, {
            kind: 'ipo_settlement',
            memo: `${issue.symbol} IPO proceeds paid to the issuer`,
            reference: `ipo:${issue.id}`,
            idempotencyKey: `ipo:${issue.id}:settle`,
            from: firmAccount('ipo_escrow'),
            to: firmAccount('bank_clearing'),
            amount: escrow,
          });
        await market.listInstrument(tx, {
          symbol: issue.symbol,
          name: issue.name,
          isin: issue.isin,
          sector: issue.sector,
          industry: issue.industry,
          refClosePaise: Number(price),
          sharesOffered: issue.sharesOffered,
          description: issue.description,
        });
      },
      audit: { actor, details: () => ({ price: String(price) }) },
      events: deps.events,
    }),
  );
  await market.addListed(listed.symbol);
  return (await ipoViews(deps, [listed]))[0]!;
}
