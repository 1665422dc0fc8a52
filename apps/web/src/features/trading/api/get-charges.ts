import type { TChargeSchedule } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /trade/app/v1/charges: the schedule the live cost is computed with (computeCharges). */
export const chargesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.trade.charges,
    queryFn: () => apiGet<TChargeSchedule>('/trade/app/v1/charges', { silent: true }),
    staleTime: 5 * 60_000,
  });
