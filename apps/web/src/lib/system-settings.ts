import { APP_NAME, type TPublicSettings } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';

/** GET /system/app/v1/settings: app name and support contacts, public and rarely changing. */
export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.systemSettings,
    queryFn: () => apiGet<TPublicSettings>('/system/app/v1/settings', { silent: true }),
    staleTime: 10 * 60_000,
  });

export const useSystemSettings = () => useQuery(systemSettingsQueryOptions());

/** The app name for titles; the product's own name until the settings arrive (spec §2). */
export function useAppName(): string {
  const { data } = useSystemSettings();
  return data?.app_name || APP_NAME;
}
