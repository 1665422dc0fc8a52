import type { TClientListItem, TClientListQuery, TPage } from '@sampada/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TClientFilters = Pick<TClientListQuery, 'q' | 'kyc_status' | 'advisor_id'>;

export const clientsQuery = (filters: TClientFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.clients.list(filters),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TClientListItem>>(
        '/clients',
        compact({ ...filters, cursor: pageParam, limit: 20 }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useClients = (filters: TClientFilters) => useInfiniteQuery(clientsQuery(filters));
