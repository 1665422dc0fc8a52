import type { TDashboard } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: () => apiGet<TDashboard>('/dashboard'),
    refetchInterval: 30_000,
  });

export const useDashboard = () => useQuery(dashboardQuery());
