import type { TMarketStatus } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /market/app/v1/status: open, pre-open or closed (and why), checked every minute. */
export const marketStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.status,
    queryFn: () => apiGet<TMarketStatus>('/market/app/v1/status', { silent: true }),
    refetchInterval: 60_000,
  });
