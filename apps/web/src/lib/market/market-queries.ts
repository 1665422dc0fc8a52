import type { TQuote, TRankingType } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * Market lists read by more than one screen (Home and Market). Live prices arrive over the
 * socket, so these are read once per visit rather than polled. Failures show inline.
 */
export const indicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.indices,
    queryFn: () => apiGet<TQuote[]>('/market/app/v1/indices', { silent: true }),
  });

export const rankingsQueryOptions = (type: TRankingType, limit: number) =>
  queryOptions({
    queryKey: queryKeys.market.rankings(type, limit),
    queryFn: () =>
      apiGet<TQuote[]>('/market/app/v1/rankings', { params: { type, limit }, silent: true }),
  });
