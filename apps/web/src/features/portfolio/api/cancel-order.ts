import type { TOrder } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';

/** POST /trade/app/v1/orders/:id/cancel (awaiting only) with the attempt's Idempotency-Key. */
export const cancelOrder = (id: string, idempotencyKey: string) =>
  apiPost<TOrder>(`/trade/app/v1/orders/${encodeURIComponent(id)}/cancel`, undefined, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
