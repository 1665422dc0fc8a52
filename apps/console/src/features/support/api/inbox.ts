import type {
  TCannedReply,
  TClientContext,
  TInboxConversation,
  TInboxFilter,
  TInboxThread,
} from '@sampada/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const BASE = '/support';

export type TInboxCounts = Record<TInboxFilter | 'unread_conversations', number>;

export const useInboxCounts = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.support.counts,
    queryFn: () => apiGet<TInboxCounts>(`${BASE}/counts`),
    enabled,
  });

export const useConversations = (filter: TInboxFilter) =>
  useQuery({
    queryKey: queryKeys.support.list(filter),
    queryFn: () =>
      apiGet<{ items: TInboxConversation[]; next_cursor: string | null }>(`${BASE}/conversations`, {
        filter,
        limit: 100,
      }),
  });

export const threadQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.support.thread(id),
    queryFn: ({ pageParam }) =>
      apiGet<TInboxThread>(`${BASE}/conversations/${id}`, pageParam ? { before: pageParam } : {}),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
export const useThread = (id: string) => useInfiniteQuery(threadQuery(id));

export const useClientContext = (id: string) =>
  useQuery({
    queryKey: queryKeys.support.context(id),
    queryFn: () => apiGet<TClientContext>(`${BASE}/conversations/${id}/context`),
  });

export const useCannedReplies = () =>
  useQuery({
    queryKey: queryKeys.support.canned,
    queryFn: () => apiGet<TCannedReply[]>(`${BASE}/canned-replies`),
  });

export const useAgents = () =>
  useQuery({
    queryKey: queryKeys.support.agents,
    queryFn: () => apiGet<{ id: string; name: string; email: string }[]>(`${BASE}/agents`),
  });

/** Every inbox mutation refreshes the lists, the counts and the thread. */
function useInboxMutation<I>(fn: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.support.all }),
  });
}

export const useReply = (id: string) =>
  useInboxMutation((input: { id: string; text: string; canned_reply_id: string | null }) =>
    apiPost(`${BASE}/conversations/${id}/messages`, input),
  );
export const useMarkRead = (id: string) =>
  useInboxMutation((seq: number) => apiPost(`${BASE}/conversations/${id}/read`, { seq }));
export const useAssign = (id: string) =>
  useInboxMutation((assigneeId: string | null) =>
    apiPost(`${BASE}/conversations/${id}/assign`, { assignee_id: assigneeId }),
  );
export const useMove = (id: string) =>
  useInboxMutation((action: 'close' | 'reopen') =>
    apiPost(`${BASE}/conversations/${id}/${action}`),
  );

export const useSaveCanned = () =>
  useInboxMutation(
    ({ id, input }: { id: string | null; input: { title: string; text: string } }) =>
      id ? apiPut(`${BASE}/canned-replies/${id}`, input) : apiPost(`${BASE}/canned-replies`, input),
  );
export const useDeleteCanned = () =>
  useInboxMutation((id: string) => apiDelete(`${BASE}/canned-replies/${id}`));
