import type { TApiApp } from '@sampada/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A client's API apps, without secrets (area `clientOrders`). */
export const clientApiAppsQuery = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.apiApps(clientId),
    queryFn: () => apiGet<TApiApp[]>(`/clients/${clientId}/api-apps`),
  });

/** Switches an app off or back on (area `trading`); answers the app and the server's message. */
export function useSetApiAppDisabled(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      apiPost<TApiApp>(`/api-apps/${id}/disabled`, { disabled }),
    onSuccess: ({ data }) =>
      client.setQueryData<TApiApp[]>(queryKeys.apiApps(clientId), (list) =>
        list?.map((app) => (app.id === data.id ? data : app)),
      ),
  });
}
