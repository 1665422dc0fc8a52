import { md5, type TGtt, type TGttCreate, type TGttEdit } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateTrading } from '../../../lib/trading';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';

/** GET /trade/app/v1/gtts: every GTT of the client, newest first. */
export const gttsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.trade.gtts,
    queryFn: () => apiGet<TGtt[]>('/trade/app/v1/gtts', { silent: true }),
    refetchOnMount: 'always',
  });

/**
 * Whether the list can still change on its own: a GTT still watching the price, or the order a
 * fired one placed still awaiting its fill. The GTT tab polls while this holds; stopping at the
 * fire left a filled order showing "Order awaiting".
 */
export const gttsStillMoving = (gtts: readonly Pick<TGtt, 'status' | 'order_status'>[] = []) =>
  gtts.some((gtt) => gtt.status === 'active' || gtt.order_status === 'awaiting');

const withPin = <T extends { pin: string }>(body: T) => ({ ...body, pin: md5(body.pin) });

/** POST /trade/app/v1/gtts; the PIN typed goes out as its MD5. */
export const useCreateGtt = () =>
  useIdempotentMutation({
    send: (body: TGttCreate, key: string) =>
      apiPost<TGtt>('/trade/app/v1/gtts', withPin(body), {
        silent: true,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => void invalidateTrading(),
  });

/** POST /trade/app/v1/gtts/:id/modify. */
export const useEditGtt = (id: string) =>
  useIdempotentMutation({
    send: (body: TGttEdit, key: string) =>
      apiPost<TGtt>(`/trade/app/v1/gtts/${encodeURIComponent(id)}/modify`, withPin(body), {
        silent: true,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => void invalidateTrading(),
  });

/** DELETE /trade/app/v1/gtts/:id. */
export const deleteGtt = async (id: string) => {
  const response = await api.delete<{ data: TGtt }>(
    `/trade/app/v1/gtts/${encodeURIComponent(id)}`,
    { silent: true },
  );
  return response.data.data;
};
