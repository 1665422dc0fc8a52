import type { TOfferClaim, TOfferList } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';

export const offersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.offers.list,
    queryFn: () => apiGet<TOfferList>('/offer/app/v1/list', { silent: true }),
  });

/** POST /offer/app/v1/:id/claim: credits cash, so one Idempotency-Key per attempt. */
export const useClaimOffer = () =>
  useIdempotentMutation({
    send: (offerId: string, key: string) =>
      apiPost<TOfferClaim>(`/offer/app/v1/${offerId}/claim`, undefined, {
        silent: true,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.funds.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stat.all }),
      ]),
  });
