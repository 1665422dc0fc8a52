import {
  md5,
  type TEmailState,
  type TGrievance,
  type TGrievanceRequest,
  type TInvestorCharter,
  type TNominee,
  type TNominees,
} from '@sampada/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiGet, apiPost, type TEnvelope } from '../../../../lib/api-client';
import { nomineesKey, nomineesQueryOptions } from '../../../../lib/nominees';
import { queryClient } from '../../../../lib/query-client';

/** The duties' query keys: one root, so a change refreshes only what it touched. */
export const dutyKeys = {
  email: ['duties', 'email'] as const,
  nominees: nomineesKey,
  grievances: ['duties', 'grievances'] as const,
  charter: ['duties', 'charter'] as const,
};

export const emailQueryOptions = () =>
  queryOptions({
    queryKey: dutyKeys.email,
    queryFn: () => apiGet<TEmailState>('/client/app/v1/email', { silent: true }),
  });

// Home reads it too (its reminder), so it lives in lib.
export { nomineesQueryOptions };

export const grievancesQueryOptions = () =>
  queryOptions({
    queryKey: dutyKeys.grievances,
    queryFn: () => apiGet<TGrievance[]>('/client/app/v1/grievances', { silent: true }),
  });

/** The charter is public and the same for everyone: read once a session. */
export const charterQueryOptions = () =>
  queryOptions({
    queryKey: dutyKeys.charter,
    queryFn: () => apiGet<TInvestorCharter>('/client/app/v1/investor-charter', { silent: true }),
    staleTime: Infinity,
  });

const settle =
  (key: readonly string[]) =>
  <T>(data: T) => {
    queryClient.setQueryData(key, data);
    return data;
  };

/** Ask for a code at an address; the PIN (as typed) only when replacing a verified one. */
export const useStartEmail = () =>
  useMutation({
    mutationFn: ({ address, pin }: { address: string; pin?: string }) =>
      apiPost<TEmailState>(
        '/client/app/v1/email',
        { address, ...(pin ? { pin: md5(pin) } : {}) },
        { silent: true },
      ),
    onSuccess: settle(dutyKeys.email),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: ({ code }: { code: string }) =>
      apiPost<TEmailState>('/client/app/v1/email/verify', { code }, { silent: true }),
    onSuccess: settle(dutyKeys.email),
  });

export const useSaveNominees = () =>
  useMutation({
    mutationFn: async ({ pin, nominees }: { pin: string; nominees: TNominee[] }) => {
      const response = await api.put<TEnvelope<TNominees>>(
        '/client/app/v1/nominees',
        { pin: md5(pin), nominees },
        { silent: true },
      );
      return response.data.data;
    },
    onSuccess: settle(dutyKeys.nominees),
  });

export const useOptOutNominees = () =>
  useMutation({
    mutationFn: ({ pin }: { pin: string }) =>
      apiPost<TNominees>(
        '/client/app/v1/nominees/opt-out',
        { pin: md5(pin), declaration: true },
        { silent: true },
      ),
    onSuccess: settle(dutyKeys.nominees),
  });

export const useFileGrievance = () =>
  useMutation({
    mutationFn: (body: TGrievanceRequest) =>
      apiPost<TGrievance>('/client/app/v1/grievances', body, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dutyKeys.grievances }),
  });
