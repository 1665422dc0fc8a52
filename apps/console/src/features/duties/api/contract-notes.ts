import type { TNoteDeliveryRun } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { whileWaiting } from './outbox';

/** A trading day's contract-note run: each client with fills that day and their message. */
export const noteRunQuery = (date: string) =>
  queryOptions({
    queryKey: queryKeys.duties.noteRun(date),
    queryFn: () => apiGet<TNoteDeliveryRun>('/mail/contract-notes', { date }),
    refetchInterval: (query) => whileWaiting(query.state.data?.items),
  });
export const useNoteRun = (date: string) => useQuery(noteRunQuery(date));

/**
 * Queues a day's notes now, rather than waiting for the leader's job. The run is idempotent
 * per client and day on the server (a client already written to is never written to again),
 * so it needs no Idempotency-Key; the answer is the run as it now stands.
 */
export function useStartNoteRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => apiPost<TNoteDeliveryRun>('/mail/contract-notes/run', { date }),
    onSuccess: ({ data }) => client.setQueryData(queryKeys.duties.noteRun(data.date), data),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.duties.all }),
  });
}
