import type { TKycQueueItem, TPage } from '@sampada/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const kycQueueQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.kycQueue,
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TKycQueueItem>>('/kyc/queue', compact({ cursor: pageParam, limit: 50 })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useKycQueue = () => useInfiniteQuery(kycQueueQuery());
