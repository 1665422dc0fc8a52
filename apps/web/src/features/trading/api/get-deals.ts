import type { TOffering, TOfferingKind } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The offering of one kind: an allocation, a desk quote or an IPO issue. */
export type TOfferingOf<K extends TOfferingKind> = Extract<TOffering, { kind: K }>;

/** GET /trade/app/v1/deals?kind=…: what is open now (IPOs also while upcoming). */
export const dealsQueryOptions = <K extends TOfferingKind>(kind: K) =>
  queryOptions({
    queryKey: queryKeys.trade.deals(kind),
    queryFn: () =>
      apiGet<TOfferingOf<K>[]>('/trade/app/v1/deals', { params: { kind }, silent: true }),
  });

/** GET /trade/app/v1/deals/:id: one offering, also after it closed. */
export const dealQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.trade.deal(id),
    queryFn: () =>
      apiGet<TOffering>(`/trade/app/v1/deals/${encodeURIComponent(id)}`, { silent: true }),
  });
