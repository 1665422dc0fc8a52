import type { TOfferStatus } from '@sampada/shared';

/** An offer's status in words (issue 31: the raw 'draft' and 'published' were on screen). */
export const OFFER_STATUS_LABELS: Record<TOfferStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  withdrawn: 'Withdrawn',
};
