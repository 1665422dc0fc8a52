import type { TClientDetail, TClientFlagsRequest } from '@sampada/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const setClientFlags = (id: string, flags: TClientFlagsRequest) =>
  apiPost<TClientDetail>(`/clients/${id}/flags`, flags);

/** The mutation answers the updated client; the cache takes it and lists refetch. */
function useClientMutation<T>(
  id: string,
  fn: (input: T) => Promise<{ data: TClientDetail; message: string }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ data }) => {
      client.setQueryData(queryKeys.clients.detail(id), data);
      void client.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
}

export const useSetClientFlags = (id: string) =>
  useClientMutation(id, (flags: TClientFlagsRequest) => setClientFlags(id, flags));

/** Admin: clears the client's TOTP and recovery codes (a lost phone); the client is told. */
export const useResetClientTotp = (id: string) =>
  useMutation({ mutationFn: () => apiPost<null>(`/clients/${id}/totp/reset`) });
