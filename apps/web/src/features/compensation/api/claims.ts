import type { TClaimDetail, TCompensationApply } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.compensation.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  ]);

/** POST /compensation/app/v1/apply with the attempt's Idempotency-Key. */
export const useApplyClaim = (onSuccess: (claim: TClaimDetail) => void) =>
  useIdempotentMutation({
    send: (body: TCompensationApply, key: string) =>
      apiPost<TClaimDetail>('/compensation/app/v1/apply', body, {
        silent: true,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: (claim) => {
      void refresh();
      onSuccess(claim);
    },
  });

export { uploadEvidence } from '../../../lib/evidence';
