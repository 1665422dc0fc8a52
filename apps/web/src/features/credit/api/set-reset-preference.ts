import type { TLoanDetail, TResetPreference } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /loan/app/v1/loans/:id/reset-preference: what a floating rate's reset keeps. */
export const setResetPreference = (loanId: string, preference: TResetPreference) =>
  apiPost<TLoanDetail>(
    `/loan/app/v1/loans/${encodeURIComponent(loanId)}/reset-preference`,
    { reset_preference: preference },
    { silent: true },
  );

export function useSetResetPreference(loanId: string) {
  return useMutation({
    mutationFn: (preference: TResetPreference) => setResetPreference(loanId, preference),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.loan.all }),
  });
}
