import type {
  TApplicationList,
  TApplicationsQuery,
  TClaimDetail,
  TCompensationReply,
} from '@sampada/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /client/app/v1/applications, by kind and status. */
export const applicationsQueryOptions = (filter: TApplicationsQuery) =>
  queryOptions({
    queryKey: queryKeys.applications.list(filter),
    queryFn: () =>
      apiGet<TApplicationList>('/client/app/v1/applications', { params: filter, silent: true }),
  });

/** One claim with its evidence (signed links) and events, on the compensation feature's key. */
export const claimQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.compensation.claim(id),
    queryFn: () => apiGet<TClaimDetail>(`/compensation/app/v1/${id}`, { silent: true }),
  });

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.compensation.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  ]);

export const useReplyClaim = (id: string) =>
  useMutation({
    mutationFn: (body: TCompensationReply) =>
      apiPost<TClaimDetail>(`/compensation/app/v1/${id}/reply`, body, { silent: true }),
    onSuccess: () => void refresh(),
  });

export const useWithdrawClaim = (id: string) =>
  useMutation({
    mutationFn: () => apiPost<TClaimDetail>(`/compensation/app/v1/${id}/withdraw`),
    onSuccess: () => void refresh(),
  });
