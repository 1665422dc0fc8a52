import { TRADING_PAGE_DEFAULT, type TOrder, type TOrdersPage } from '@sampada/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys, type TOrdersFilter } from '../../../lib/query-keys';

/** GET /trade/app/v1/orders, newest first, a page at a time (cursor). */
export const ordersQueryOptions = (filter: TOrdersFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.trade.orders(filter),
    queryFn: ({ pageParam }) =>
      apiGet<TOrdersPage>('/trade/app/v1/orders', {
        params: { ...filter, cursor: pageParam, limit: TRADING_PAGE_DEFAULT },
        silent: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** GET /trade/app/v1/orders/:id: one order with its fills. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.trade.order(id),
    queryFn: () =>
      apiGet<TOrder>(`/trade/app/v1/orders/${encodeURIComponent(id)}`, { silent: true }),
  });
