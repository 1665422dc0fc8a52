import { md5, type TRepayment } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { creditKeys } from './credit-keys';

export type TRepayInput = { amount_paise: number; pin: string };

/** POST /loan/app/v1/loans/:id/repay from cash, with the PIN and an Idempotency-Key. */
export const repayLoan = (loanId: string, body: TRepayInput, idempotencyKey: string) =>
  apiPost<TRepayment>(
    `/loan/app/v1/loans/${encodeURIComponent(loanId)}/repay`,
    { ...body, pin: md5(body.pin) },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );

export function useRepayLoan(loanId: string) {
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: TRepayInput) => repayLoan(loanId, body, idempotency.keyFor(body)),
    onSuccess: () => {
      idempotency.done();
      // The loan, the list, and every view of cash (assets, records) moved.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['stat'] }),
        queryClient.invalidateQueries({ queryKey: ['funds'] }),
      ]);
    },
  });
}
