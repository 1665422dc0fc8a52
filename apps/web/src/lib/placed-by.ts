/**
 * Which API app placed an order (issue 35): the order lists ask for each `origin: 'api'` row,
 * and the asks of one render go out as one request (GET /client/app/v1/api-apps/orders).
 */
import { API_APP_ORDERS_MAX, type TApiAppOrder, type TOrder } from '@sampada/shared';
import { useQuery } from '@tanstack/react-query';
import DataLoader from 'dataloader';
import { apiGet } from './api-client';

const placedBy = new DataLoader<string, TApiAppOrder | null>(
  async (ids) => {
    const found = await apiGet<TApiAppOrder[]>(
      `/client/app/v1/api-apps/orders?ids=${ids.join(',')}`,
      { silent: true },
    );
    const byId = new Map(found.map((o) => [o.order_id, o]));
    return ids.map((id) => byId.get(id) ?? null);
  },
  // React Query keeps the answers; the loader only gathers one render's asks.
  { cache: false, maxBatchSize: API_APP_ORDERS_MAX },
);

/** The app that placed `order`, when one of the client's API apps did. */
export function usePlacedBy(order: Pick<TOrder, 'id' | 'origin'>) {
  return useQuery({
    queryKey: ['api-app-order', order.id],
    queryFn: () => placedBy.load(order.id),
    enabled: order.origin === 'api',
    staleTime: Infinity,
  }).data;
}
