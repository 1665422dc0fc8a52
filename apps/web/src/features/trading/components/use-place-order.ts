import { M, TM, type TOrder, type TOrderRequest } from '@sampada/shared';
import { useState } from 'react';
import { openSetPin } from '../../../components/set-pin';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { invalidateTrading } from '../../../lib/trading';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { placeOrder } from '../api/place-order';

/**
 * Sends an order once per attempt: the same body sent again (after a timeout, or the PIN
 * typed again) carries the same Idempotency-Key, so the server replays instead of placing a
 * second order. The server's message is shown exactly as sent.
 */
export function usePlaceOrder() {
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<TOrder | null>(null);

  const submit = async (body: TOrderRequest): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      const order = await placeOrder(body, idempotency.keyFor(body));
      idempotency.done();
      setResult(order);
      void invalidateTrading();
      return true;
    } catch (error) {
      console.error('Order failed', error);
      const message = isApiError(error) ? error.message : M.requestFailed;
      if (message === TM.setPinToTrade) openSetPin();
      setFailure(translateMessage(message));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    failure,
    result,
    submit,
    /** Back to the form for another order. */
    reset: () => {
      setResult(null);
      setFailure(null);
    },
  };
}
