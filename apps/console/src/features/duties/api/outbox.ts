import { MAIL_STATUSES, type TOutbox, type TOutboxMessageBody } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The outbox's filter: every status the server has, then All (its default). */
export const OUTBOX_FILTERS = [...MAIL_STATUSES, 'all'] as const;
export type TOutboxFilter = (typeof OUTBOX_FILTERS)[number];

/** The newest messages the screen lists (the server allows up to 200). */
export const OUTBOX_LIMIT = 100;

/**
 * While a listed message waits to go, the list is read again every few seconds, so operations
 * watch it go out (the delivery job passes every 10 s) instead of reloading the page.
 */
export const WATCH_MS = 5_000;
export const whileWaiting = (items: readonly { status: string }[] | undefined) =>
  items?.some((m) => m.status === 'queued' || m.status === 'sending') ? WATCH_MS : false;

/** The latest messages, newest first, with the counts by status and the transport. */
export const outboxQuery = (status: TOutboxFilter) =>
  queryOptions({
    queryKey: queryKeys.duties.outbox(status),
    queryFn: () =>
      apiGet<TOutbox>(
        '/mail/outbox',
        compact({ status: status === 'all' ? undefined : status, limit: OUTBOX_LIMIT }),
      ),
    refetchInterval: (query) => whileWaiting(query.state.data?.items),
  });
export const useOutbox = (status: TOutboxFilter) => useQuery(outboxQuery(status));

/** One message's text, read only when an officer opens it (each read is audited). */
export const useOutboxMessage = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.duties.message(id ?? ''),
    queryFn: () => apiGet<TOutboxMessageBody>(`/mail/outbox/${id}`),
    enabled: id !== null,
  });

/**
 * A failed message goes again. No Idempotency-Key: the server moves only a failed message
 * back to the queue, so a retried request meets a queued one and is refused, never sent twice.
 * The outbox and the contract-note runs (which show the same messages) are read again.
 */
export function useRequeueMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<null>(`/mail/outbox/${id}/requeue`),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.duties.all }),
  });
}
