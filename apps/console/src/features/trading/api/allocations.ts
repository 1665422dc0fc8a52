import type { TAllocationCreate, TInstitutionalOffering } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useTradingAction } from './trading-action';

export const OFFERING_FILTERS = ['open', 'closed', 'all'] as const;
export type TOfferingFilter = (typeof OFFERING_FILTERS)[number];

export const allocationsQuery = (status: TOfferingFilter) =>
  queryOptions({
    queryKey: queryKeys.trading.allocations(status),
    queryFn: () => apiGet<TInstitutionalOffering[]>('/trading/allocations', { status }),
  });
export const useAllocations = (status: TOfferingFilter) => useQuery(allocationsQuery(status));

export const useCreateAllocation = () =>
  useTradingAction<TAllocationCreate, TInstitutionalOffering>((input) => ({
    url: '/trading/allocations',
    body: input,
  }));

export const useCloseAllocation = () =>
  useTradingAction<string, TInstitutionalOffering>((id) => ({
    url: `/trading/allocations/${id}/close`,
  }));
