import type { TChargeSchedule } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/trading';

/** GET /trade/app/v1/charges: the schedule the live cost is computed with (computeCharges). */
export const chargesQueryOptions = () =>
  queryOptions({
    queryKey: tradeKeys.charges,
    queryFn: () => apiGet<TChargeSchedule>('/trade/app/v1/charges', { silent: true }),
    staleTime: 5 * 60_000,
  });
