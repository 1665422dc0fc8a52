import type { TMenuEntry, TMenuItemInput } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const menuQuery = () =>
  queryOptions({ queryKey: queryKeys.menu, queryFn: () => apiGet<TMenuEntry[]>('/menu') });
export const useMenu = () => useQuery(menuQuery());

export const saveMenu = (items: TMenuItemInput[]) => apiPost<TMenuEntry[]>('/menu', { items });

export const useSaveMenu = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMenu,
    onSuccess: ({ data }) => client.setQueryData(queryKeys.menu, data),
  });
};
