import {
  type TApiApp,
  type TApiAppSecondFactor,
  type TApiAppPostbacksPage,
  type TApiAppSettings,
  type TApiAppWithSecret,
} from '@sampada/shared';
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiGet, apiPost, type TEnvelope } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

const BASE = '/client/app/v1/api-apps';
const appPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
export const POSTBACKS_PAGE = 20;

// The forms show a refusal under their fields (a wrong PIN, a bad address): silent calls.
const quiet = { silent: true } as const;

/** GET the client's apps, oldest first, without secrets. */
export const apiAppsQuery = () =>
  queryOptions({
    queryKey: queryKeys.apiApps.list,
    queryFn: () => apiGet<TApiApp[]>(BASE),
  });

/** One app's postback deliveries, newest first, a page at a time. */
export const postbacksQuery = (appId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.apiApps.postbacks(appId),
    queryFn: ({ pageParam }) =>
      apiGet<TApiAppPostbacksPage>(`${appPath(appId)}/postbacks`, {
        params: { cursor: pageParam, limit: POSTBACKS_PAGE },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The app (without its secret) in the cached list, in place of an older copy of it. */
function keep(app: TApiAppWithSecret) {
  const { api_secret: _secret, ...shown } = app;
  queryClient.setQueryData<TApiApp[]>(queryKeys.apiApps.list, (list = []) =>
    list.some((a) => a.id === app.id)
      ? list.map((a) => (a.id === app.id ? shown : a))
      : [...list, shown],
  );
  return app;
}

/** Creates an app with the second factor; answers it with its secret, shown this once. */
export const useCreateApiApp = () =>
  useMutation({
    mutationFn: (body: TApiAppSettings & TApiAppSecondFactor) =>
      apiPost<TApiAppWithSecret>(BASE, body, quiet),
    onSuccess: keep,
  });

/** A new secret for the second factor; the old one stops working at once. */
export const useRotateSecret = () =>
  useMutation({
    mutationFn: ({ id, ...factor }: { id: string } & TApiAppSecondFactor) =>
      apiPost<TApiAppWithSecret>(`${appPath(id)}/rotate-secret`, factor, quiet),
    onSuccess: keep,
  });

export const useDeleteApiApp = () =>
  useMutation({
    mutationFn: async (id: string) => {
      await api.delete<TEnvelope<null>>(appPath(id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiApps.all }),
  });
