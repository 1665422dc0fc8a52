import { M, md5, type TOrder, type TOrderRequest } from '@sampada/shared';
import { apiPost, isApiError, refusedWith } from '../../../lib/api-client';
import { openSetPin } from '../../../lib/drawers';
import { invalidateTrading } from '../../../lib/trading';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';

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

/** The server's refusal, word for word (or 'Request failed' when there was no answer). */
export const orderFailure = (error: unknown) =>
  isApiError(error) ? error.message : M.requestFailed;

/**
 * Sends an order once per attempt: the same body sent again (after a timeout, or the PIN
 * typed again) carries the same Idempotency-Key, so the server replays instead of placing a
 * second order. Orders, holdings, cash and fund records are stale afterwards.
 */
export const usePlaceOrder = () =>
  useIdempotentMutation({
    send: placeOrder,
    onSuccess: () => void invalidateTrading(),
    onError: (error) => {
      console.error('Order failed', error);
      if (refusedWith(error, 'trading.setPinToTrade')) openSetPin();
    },
  });
