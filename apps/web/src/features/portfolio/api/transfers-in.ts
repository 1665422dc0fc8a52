/**
 * Shares transferred in from another broker (docs/transfers-in.md): the client's requests, and
 * the tradebook upload that makes one.
 */
import type { TTransferIn, TTransferInList } from '@sampada/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiUpload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /client/app/v1/transfers-in: the signed-in client's own requests, newest first. */
export const transfersInQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.trade.transfersIn,
    queryFn: () => apiGet<TTransferInList>('/client/app/v1/transfers-in'),
  });

/**
 * POST /client/app/v1/transfers-in (multipart 'file'). Silent: a refused file's lines are shown
 * on the form, not in a toast.
 */
export const useRequestTransferIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload<TTransferIn>('/client/app/v1/transfers-in', file, file.name, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.trade.transfersIn }),
  });
};
