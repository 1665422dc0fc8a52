import type { TInviteCreateRequest, TInviteView, TPage, TStaffView } from '@sampada/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const invitesQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.invites,
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TInviteView>>('/invites', compact({ cursor: pageParam, limit: 20 })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useInvites = () => useInfiniteQuery(invitesQuery());

/** Admins issue codes on behalf of an advisor, so they pick one from the staff list. */
export const advisorsQuery = () =>
  queryOptions({
    queryKey: queryKeys.staff,
    queryFn: () => apiGet<TStaffView[]>('/staff'),
    select: (staff) => staff.filter((s) => s.active && s.roles.includes('advisor')),
  });
export const useAdvisors = (enabled: boolean) => useQuery({ ...advisorsQuery(), enabled });

export const createInvite = (input: TInviteCreateRequest) =>
  apiPost<TInviteView>('/invites', input);
export const revokeInvite = (code: string) => apiPost<{ code: string }>(`/invites/${code}/revoke`);

export const useCreateInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.invites }),
  });
};
export const useRevokeInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.invites }),
  });
};
