import type { TChargeSchedule } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const chargesQuery = () =>
  queryOptions({
    queryKey: queryKeys.trading.charges,
    queryFn: () => apiGet<TChargeSchedule>('/trading/charges'),
  });
export const useCharges = () => useQuery(chargesQuery());

/** PUT the whole schedule (admin); the cache keeps what the server saved. */
export function useSaveCharges() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: TChargeSchedule) =>
      apiPut<TChargeSchedule>('/trading/charges', schedule),
    onSuccess: ({ data }) => client.setQueryData(queryKeys.trading.charges, data),
  });
}
