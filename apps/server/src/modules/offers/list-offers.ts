import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { OM, paiseNumber, type TOfferView } from '@sampada/shared';
import { forbidden } from '../../platform/errors.ts';
import type { ClientRow } from '../clients/service.ts';
import type { OfferDeps } from './offer-deps.ts';
import { refusal } from './offer-rules.ts';
import { baseView } from './offer-views.ts';
import { offerClaims, offers } from './tables.ts';

/** Published offers running now that the client's VIP level reaches, with their claims. */
export async function listOffersFor(
  { db, clock }: Pick<OfferDeps, 'db' | 'clock'>,
  client: ClientRow,
): Promise<TOfferView[]> {
  if (!client.allowBonus) throw forbidden(OM.notAllowed);
  const now = clock.now();
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.status, 'published'),
        lte(offers.validFrom, now),
        gt(offers.validUntil, now),
        lte(offers.minVip, client.vip),
      ),
    )
    .orderBy(desc(offers.validFrom));
  const claimed = rows.length
    ? await db
        .select()
        .from(offerClaims)
        .where(
          and(
            eq(offerClaims.clientId, client.id),
            inArray(
              offerClaims.offerId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  return rows.map((row) => {
    const mine = claimed.find((c) => c.offerId === row.id);
    const room =
      row.budgetPaise === null || row.budgetUsedPaise + (row.amountPaise ?? 1n) <= row.budgetPaise;
    return {
      ...baseView(row),
      claimable: !mine && row.kind === 'bonus' && room && refusal(row, client, now) === null,
      claimed: mine
        ? {
            id: mine.id,
            amount_paise: paiseNumber(mine.amountPaise),
            claimed_at: mine.createdAt.toISOString(),
          }
        : null,
    };
  });
}
