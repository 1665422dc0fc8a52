/** The claims as lists: a client's own, and one offer's for staff. */
import { desc, eq } from 'drizzle-orm';
import type { TConsoleOfferClaim, TOfferClaim } from '@sampada/shared';
import type { OfferDeps } from './offer-deps.ts';
import { offerOf } from './offer-rules.ts';
import { claimView } from './offer-views.ts';
import { offerClaims, offers } from './tables.ts';

/** A client's bonus claims with their offers' titles, newest first (applications page). */
export async function claimsOfClient(
  { db }: Pick<OfferDeps, 'db'>,
  clientId: string,
): Promise<TOfferClaim[]> {
  const rows = await db
    .select({ claim: offerClaims, title: offers.title })
    .from(offerClaims)
    .innerJoin(offers, eq(offers.id, offerClaims.offerId))
    .where(eq(offerClaims.clientId, clientId))
    .orderBy(desc(offerClaims.createdAt));
  return rows.map((r) => claimView(r.claim, r.title));
}

/** The claims of one offer, newest first, with who claimed. */
export async function claimsOfOffer(
  { db, clients }: Pick<OfferDeps, 'db' | 'clients'>,
  offerId: string,
  limit: number,
): Promise<TConsoleOfferClaim[]> {
  const offer = await offerOf(db, offerId);
  const rows = await db
    .select()
    .from(offerClaims)
    .where(eq(offerClaims.offerId, offerId))
    .orderBy(desc(offerClaims.createdAt))
    .limit(limit);
  const refs = await clients.refsOf(rows.map((r) => r.clientId));
  return rows.map((r) => ({
    ...claimView(r, offer.title),
    client: {
      id: r.clientId,
      uid: refs.get(r.clientId)?.uid ?? '',
      name: refs.get(r.clientId)?.name ?? null,
    },
  }));
}
