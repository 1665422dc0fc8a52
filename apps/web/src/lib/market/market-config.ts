import type { TMarketConfig } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /market/app/v1/config: the stock-data API key and the socket settings. Read once
 * after sign-in and kept until the session ends (the cache is cleared on logout).
 */
export const marketConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.config,
    queryFn: () => apiGet<TMarketConfig>('/market/app/v1/config', { silent: true }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
