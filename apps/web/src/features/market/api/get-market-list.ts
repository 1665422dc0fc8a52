import type { TMarketFilter, TMarketListItem, TPage } from '@sampada/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const MARKET_LIST_PAGE = 20;

/** GET /market/app/v1/list: the market filter of spec §3, a cursor page at a time. */
export const marketListQueryOptions = (filter: TMarketFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.market.list(filter),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TMarketListItem>>('/market/app/v1/list', {
        params: { filter, cursor: pageParam, limit: MARKET_LIST_PAGE },
        silent: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
