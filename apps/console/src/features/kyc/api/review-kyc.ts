import type { TClientDetail } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The client with their KYC record and freshly signed image links. */
export const kycSubjectQuery = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.clients.detail(clientId),
    queryFn: () => apiGet<TClientDetail>(`/clients/${clientId}`),
  });

export const useKycSubject = (clientId: string) => useQuery(kycSubjectQuery(clientId));

export type TKycDecision =
  { action: 'approve' } | { action: 'reopen' } | { action: 'reject'; reason: string };

export const reviewKyc = (clientId: string, decision: TKycDecision) =>
  apiPost<TClientDetail>(
    `/kyc/${clientId}/${decision.action}`,
    decision.action === 'reject' ? { reason: decision.reason } : {},
  );

export const useReviewKyc = (clientId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: TKycDecision) => reviewKyc(clientId, decision),
    onSuccess: ({ data }) => {
      client.setQueryData(queryKeys.clients.detail(clientId), data);
      void client.invalidateQueries({ queryKey: queryKeys.kycQueue });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
      void client.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
};
