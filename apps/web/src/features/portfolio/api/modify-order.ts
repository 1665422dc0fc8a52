import { md5, type TOrder, type TOrderModifyRequest } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';
import { invalidateTrading } from '../../../lib/trading';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';

/** POST /trade/app/v1/orders/:id/modify with the attempt's Idempotency-Key; the PIN as its MD5. */
export const useModifyOrder = (id: string) =>
  useIdempotentMutation({
    send: (body: TOrderModifyRequest, key: string) =>
      apiPost<TOrder>(
        `/trade/app/v1/orders/${encodeURIComponent(id)}/modify`,
        { ...body, pin: md5(body.pin) },
        { silent: true, headers: { 'Idempotency-Key': key } },
      ),
    onSuccess: () => void invalidateTrading(),
  });
