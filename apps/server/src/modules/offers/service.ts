/**
 * Offers and bonuses (issue 17, docs/api-applications.md): staff publish offers — information
 * only, or a bonus (a fixed amount, or a share of the brokerage the client paid during the
 * offer up to a cap) with a total budget — for every client or from a VIP level up. A client
 * with allow_bonus claims a bonus once, inside its validity; the budget is taken by an UPDATE
 * guarded on the room left, so a thousand claims at once never pass it; the bonus posts from
 * the firm's promotions account to the client's cash in the same transaction.
 */
import { desc } from 'drizzle-orm';
import type { TConsoleOffer, TOfferClaim } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import { claimOffer } from './claim-offer.ts';
import { createOffer, updateOffer } from './edit-offer.ts';
import { listOffersFor } from './list-offers.ts';
import { claimsOfClient, claimsOfOffer } from './offer-claims.ts';
import type { OfferDeps } from './offer-deps.ts';
import { readOfferImage, removeOfferImage, setOfferImage } from './offer-image.ts';
import { offerOf, type OfferInput } from './offer-rules.ts';
import { consoleView } from './offer-views.ts';
import { offers } from './tables.ts';

export type { BrokeragePaid } from './offer-deps.ts';
export type { OfferInput } from './offer-rules.ts';
export { offerImageUrl } from './offer-views.ts';

export function createOfferService(deps: OfferDeps) {
  const { db } = deps;
  return {
    listFor: (client: ClientRow) => listOffersFor(deps, client),
    claim: (
      client: ClientRow,
      offerId: string,
      options: { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TOfferClaim> => claimOffer(deps, client, offerId, options),
    claimsOfClient: (clientId: string) => claimsOfClient(deps, clientId),

    // ---------- Console ----------

    async all(): Promise<TConsoleOffer[]> {
      const rows = await db.select().from(offers).orderBy(desc(offers.createdAt));
      return rows.map(consoleView);
    },
    one: async (id: string) => consoleView(await offerOf(db, id)),
    create: (input: OfferInput, staffId: string, actor: Actor) =>
      createOffer(deps, input, staffId, actor),
    update: (id: string, input: OfferInput, actor: Actor) => updateOffer(deps, id, input, actor),
    setImage: (id: string, bytes: Buffer, actor: Actor) => setOfferImage(deps, id, bytes, actor),
    removeImage: (id: string, actor: Actor) => removeOfferImage(deps, id, actor),
    readImage: (file: string) => readOfferImage(deps, file),
    claimsOf: (offerId: string, limit = 200) => claimsOfOffer(deps, offerId, limit),
  };
}
export type OfferService = ReturnType<typeof createOfferService>;
