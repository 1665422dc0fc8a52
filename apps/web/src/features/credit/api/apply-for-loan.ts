import { md5, type TLoanApplyRequest, type TLoanDetail } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';
import { queryKeys } from '../../../lib/query-keys';

/** POST /loan/app/v1/apply with the attempt's Idempotency-Key; the PIN goes out as its MD5. */
export const applyForLoan = (body: TLoanApplyRequest, idempotencyKey: string) =>
  apiPost<TLoanDetail>(
    '/loan/app/v1/apply',
    { ...body, pin: md5(body.pin) },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );

/** One key per attempt: the same application sent again is replayed, never applied twice. */
export const useApplyForLoan = () =>
  useIdempotentMutation({
    send: applyForLoan,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.loan.all }),
  });
