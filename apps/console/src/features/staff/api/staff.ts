import type { TStaffCreateRequest, TStaffRole, TStaffView } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const staffQuery = () =>
  queryOptions({ queryKey: queryKeys.staff, queryFn: () => apiGet<TStaffView[]>('/staff') });
export const useStaff = () => useQuery(staffQuery());

export const createStaff = (input: TStaffCreateRequest) => apiPost<TStaffView>('/staff', input);
export const setStaffRoles = (input: { id: string; roles: TStaffRole[] }) =>
  apiPost<TStaffView>(`/staff/${input.id}/roles`, { roles: input.roles });
export const setStaffActive = (input: { id: string; active: boolean }) =>
  apiPost<TStaffView>(`/staff/${input.id}/${input.active ? 'activate' : 'deactivate'}`);
export const resetStaffTotp = (id: string) => apiPost<TStaffView>(`/staff/${id}/reset-totp`);

const useStaffMutation = <T>(fn: (input: T) => Promise<{ data: TStaffView; message: string }>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staff }),
  });
};

export const useCreateStaff = () => useStaffMutation(createStaff);
export const useSetStaffRoles = () => useStaffMutation(setStaffRoles);
export const useSetStaffActive = () => useStaffMutation(setStaffActive);
export const useResetStaffTotp = () => useStaffMutation(resetStaffTotp);
