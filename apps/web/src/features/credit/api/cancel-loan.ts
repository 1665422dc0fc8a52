import type { TLoanDetail } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /loan/app/v1/loans/:id/cancel: an application not yet disbursed; the pledge returns. */
export const cancelLoan = (loanId: string) =>
  apiPost<TLoanDetail>(`/loan/app/v1/loans/${encodeURIComponent(loanId)}/cancel`, undefined, {
    silent: true,
  });

export function useCancelLoan(loanId: string) {
  return useMutation({
    mutationFn: () => cancelLoan(loanId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.loan.all }),
  });
}
