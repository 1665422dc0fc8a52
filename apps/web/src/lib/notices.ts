/**
 * What happened to the client's records (decision 049): the list behind the bell, marking it
 * read, and where each notice leads. Price alerts are alerts' own (market/price-alerts.ts).
 */
import type { TClientNotification, TClientNotifications } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { apiGet, apiPost } from './api-client';

export const noticesQueryKey = ['notifications'] as const;

/** GET /client/app/v1/notifications, polled every 30 s for when the socket is closed. */
export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: noticesQueryKey,
    queryFn: () => apiGet<TClientNotifications>('/client/app/v1/notifications', { silent: true }),
    refetchInterval: 30_000,
  });

export const useNotices = () => useQuery(noticesQueryOptions());

/** POST /client/app/v1/notifications/read */
export const useMarkNoticesRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ marked: number }>('/client/app/v1/notifications/read'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesQueryKey }),
  });
};

/** The screen that shows the record a notice is about. */
export function noticeHref(notice: Pick<TClientNotification, 'kind' | 'subject_id'>): string {
  switch (notice.kind.split('.')[0]) {
    case 'deposit':
    case 'withdrawal':
      return paths.me.records;
    case 'order':
      return paths.portfolio.history;
    case 'gtt':
      return paths.portfolio.gtt;
    case 'loan':
      return paths.loan(notice.subject_id);
    case 'compensation':
      return paths.me.application;
    default:
      return paths.me.profile;
  }
}

/** The locale key of a notice's sentence: `notices.deposit.confirm`. */
export const noticeKey = (notice: Pick<TClientNotification, 'kind'>) => `notices.${notice.kind}`;
