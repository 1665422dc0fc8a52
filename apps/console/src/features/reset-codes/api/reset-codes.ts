import type { TResetCodeIssueRequest, TResetCodeView } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TIssuedResetCode = {
  code: string;
  expires_at: string;
  max_attempts: number;
  client_id: string;
};

export const resetCodesQuery = () =>
  queryOptions({
    queryKey: queryKeys.resetCodes,
    queryFn: () => apiGet<TResetCodeView[]>('/reset-codes'),
  });
export const useResetCodes = () => useQuery(resetCodesQuery());

export const issueResetCode = (input: TResetCodeIssueRequest) =>
  apiPost<TIssuedResetCode>('/reset-codes', input);

export const useIssueResetCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueResetCode,
    onSuccess: ({ data }) => {
      void client.invalidateQueries({ queryKey: queryKeys.resetCodes });
      void client.invalidateQueries({ queryKey: queryKeys.clients.detail(data.client_id) });
    },
  });
};
