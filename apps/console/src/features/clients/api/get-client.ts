import type { TClientDetail } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.clients.detail(id),
    queryFn: () => apiGet<TClientDetail>(`/clients/${id}`),
  });

export const useClient = (id: string) => useQuery(clientQuery(id));
