/**
 * Which API app placed an order (issue 35): the order lists ask for each `origin: 'api'` row,
 * and the asks of one render go out as one request (GET /client/app/v1/api-apps/orders).
 */
import { API_APP_ORDERS_MAX, type TApiAppOrder, type TOrder } from '@sampada/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

type Waiting = { resolve: (app: TApiAppOrder | null) => void; reject: (error: unknown) => void };
let waiting = new Map<string, Waiting[]>();
let flushing: ReturnType<typeof setTimeout> | undefined;

async function flush() {
  const batch = waiting;
  waiting = new Map();
  flushing = undefined;
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += API_APP_ORDERS_MAX) {
    const part = ids.slice(i, i + API_APP_ORDERS_MAX);
    try {
      const found = await apiGet<TApiAppOrder[]>(
        `/client/app/v1/api-apps/orders?ids=${part.join(',')}`,
        { silent: true },
      );
      const byId = new Map(found.map((o) => [o.order_id, o]));
      for (const id of part) for (const w of batch.get(id)!) w.resolve(byId.get(id) ?? null);
    } catch (error) {
      for (const id of part) for (const w of batch.get(id)!) w.reject(error);
    }
  }
}

function lookUp(orderId: string): Promise<TApiAppOrder | null> {
  return new Promise((resolve, reject) => {
    waiting.set(orderId, [...(waiting.get(orderId) ?? []), { resolve, reject }]);
    flushing ??= setTimeout(() => void flush(), 0);
  });
}

/** The app that placed `order`, when one of the client's API apps did. */
export function usePlacedBy(order: Pick<TOrder, 'id' | 'origin'>) {
  return useQuery({
    queryKey: ['api-app-order', order.id],
    queryFn: () => lookUp(order.id),
    enabled: order.origin === 'api',
    staleTime: Infinity,
  }).data;
}
