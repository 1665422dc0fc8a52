/** How an offer and a claim read to clients and to staff. */
import {
  paiseNumber,
  type TBonusKind,
  type TConsoleOffer,
  type TOfferClaim,
  type TOfferKind,
  type TOfferStatus,
} from '@sampada/shared';
import type { offerClaims, offers } from './tables.ts';

export type OfferRow = typeof offers.$inferSelect;
export type ClaimRow = typeof offerClaims.$inferSelect;

const num = (v: bigint | null) => (v === null ? null : paiseNumber(v));
export const offerImageUrl = (file: string | null) => (file ? `/files/offers/${file}` : null);

export function baseView(row: OfferRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    image_url: offerImageUrl(row.imageFile),
    kind: row.kind as TOfferKind,
    bonus_kind: row.bonusKind as TBonusKind | null,
    amount_paise: num(row.amountPaise),
    cashback_bps: row.cashbackBps,
    cashback_cap_paise: num(row.cashbackCapPaise),
    min_vip: row.minVip,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil.toISOString(),
  };
}

export const consoleView = (row: OfferRow): TConsoleOffer => ({
  ...baseView(row),
  status: row.status as TOfferStatus,
  budget_paise: num(row.budgetPaise),
  budget_used_paise: paiseNumber(row.budgetUsedPaise),
  claims: row.claims,
  image: row.imageFile,
  updated_at: row.updatedAt.toISOString(),
});

export const claimView = (row: ClaimRow, title: string): TOfferClaim => ({
  id: row.id,
  offer_id: row.offerId,
  offer_title: title,
  amount_paise: paiseNumber(row.amountPaise),
  status: 'credited',
  claimed_at: row.createdAt.toISOString(),
});
