import type { TKycSubmitRequest } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';

/** POST /identify/app/v1: the KYC form; the status becomes pending (docs/api-identity.md). */
export const submitKyc = (form: TKycSubmitRequest) => apiPost<null>('/identify/app/v1', form);

export const useSubmitKyc = () =>
  useMutation({
    mutationFn: submitKyc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
    onError: (error) => console.error('KYC submit failed', error),
  });
