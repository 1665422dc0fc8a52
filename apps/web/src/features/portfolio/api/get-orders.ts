import {
  TRADING_PAGE_DEFAULT,
  type TOrder,
  type TOrderListQuery,
  type TOrdersPage,
} from '@sampada/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/trading';

export type TOrdersFilter = Omit<TOrderListQuery, 'cursor' | 'limit'>;

/** GET /trade/app/v1/orders, newest first, a page at a time (cursor). */
export const ordersQueryOptions = (filter: TOrdersFilter) =>
  infiniteQueryOptions({
    queryKey: [...tradeKeys.orders, filter],
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
    queryKey: tradeKeys.order(id),
    queryFn: () =>
      apiGet<TOrder>(`/trade/app/v1/orders/${encodeURIComponent(id)}`, { silent: true }),
  });
