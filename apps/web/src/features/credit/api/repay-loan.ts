import { md5, type TLoanRepayRequest, type TRepayment } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { invalidateMoney } from '../../../lib/funds';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';
import { queryKeys } from '../../../lib/query-keys';

/** The amount as rupee text (decision 062) and the PIN as typed. */
export type TRepayInput = {
  amount: string;
  pin: string;
  prepayment?: TLoanRepayRequest['prepayment'];
};

/** POST /loan/app/v1/loans/:id/repay from cash, with the PIN and an Idempotency-Key. */
export const repayLoan = (loanId: string, body: TRepayInput, idempotencyKey: string) =>
  apiPost<TRepayment>(
    `/loan/app/v1/loans/${encodeURIComponent(loanId)}/repay`,
    { ...body, pin: md5(body.pin) },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );

export const useRepayLoan = (loanId: string) =>
  useIdempotentMutation({
    send: (body: TRepayInput, key: string) => repayLoan(loanId, body, key),
    // The loan, the list, and every view of cash (assets, records) moved.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.loan.all });
      void invalidateMoney();
    },
  });
