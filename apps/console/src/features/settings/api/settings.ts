import type { TFirmSettings } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const settingsQuery = () =>
  queryOptions({ queryKey: queryKeys.settings, queryFn: () => apiGet<TFirmSettings>('/settings') });
export const useSettings = () => useQuery(settingsQuery());

export const saveSettings = (settings: TFirmSettings) =>
  apiPost<TFirmSettings>('/settings', settings);

export const useSaveSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ data }) => client.setQueryData(queryKeys.settings, data),
  });
};
