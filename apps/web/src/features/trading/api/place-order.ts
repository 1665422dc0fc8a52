import { md5, type TOrder, type TOrderRequest } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /trade/app/v1/orders with the attempt's Idempotency-Key; the PIN typed as 6 digits
 * goes out as its MD5, like every PIN.
 */
export const placeOrder = (body: TOrderRequest, idempotencyKey: string) =>
  apiPost<TOrder>(
    '/trade/app/v1/orders',
    { ...body, pin: md5(body.pin) },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
