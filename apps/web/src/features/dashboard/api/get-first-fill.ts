import type { TOrdersPage } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /trade/app/v1/orders?status=filled&limit=1: true once any order of the client filled. */
export const firstFillQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.trade.firstFill,
    queryFn: async () =>
      (
        await apiGet<TOrdersPage>('/trade/app/v1/orders', {
          params: { status: 'filled', limit: 1 },
          silent: true,
        })
      ).items.length > 0,
  });
