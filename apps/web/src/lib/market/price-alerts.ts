import type { TNotifications, TPriceAlert, TPriceAlertRequest } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet, apiPost, type TEnvelope } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /market/app/v1/alerts: the client's alerts, newest first. */
export const priceAlertsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.alerts,
    queryFn: () => apiGet<TPriceAlert[]>('/market/app/v1/alerts', { silent: true }),
  });

/**
 * GET /market/app/v1/notifications: the fired alerts and how many are unread. Polled every
 * 30 s as well, so the list is right even while the quotes socket is down.
 */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.notifications,
    queryFn: () => apiGet<TNotifications>('/market/app/v1/notifications', { silent: true }),
    refetchInterval: 30_000,
  });

export const usePriceAlerts = () => useQuery(priceAlertsQueryOptions());
export const useNotifications = () => useQuery(notificationsQueryOptions());

/** Every alert call makes the alert list and the notifications stale. */
function useAlertMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.market.alerts }),
  });
}

/** POST /market/app/v1/alerts */
export const useCreatePriceAlert = () =>
  useAlertMutation((request: TPriceAlertRequest) =>
    apiPost<TPriceAlert>('/market/app/v1/alerts', request),
  );

/** DELETE /market/app/v1/alerts/:id */
export const useCancelPriceAlert = () =>
  useAlertMutation(async (id: string) => {
    const response = await api.delete<TEnvelope<TPriceAlert>>(
      `/market/app/v1/alerts/${encodeURIComponent(id)}`,
    );
    return response.data.data;
  });

/** POST /market/app/v1/notifications/read */
export const useMarkNotificationsRead = () =>
  useAlertMutation(() => apiPost<{ marked: number }>('/market/app/v1/notifications/read'));
