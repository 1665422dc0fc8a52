import { md5, type TForeclosureStatement, type TRepayment } from '@sampada/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { invalidateMoney } from '../../../lib/funds';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';

const loanPath = (loanId: string) => `/loan/app/v1/loans/${encodeURIComponent(loanId)}`;

/** GET …/foreclosure: what closes the loan today (IST), read on request, never cached. */
export const getForeclosure = (loanId: string) =>
  apiGet<TForeclosureStatement>(`${loanPath(loanId)}/foreclosure`, { silent: true });

/** The statement's total as rupee text (decision 062) and the PIN as typed. */
export type TForecloseInput = { amount: string; pin: string };

/** POST …/foreclose with the statement's amount, the PIN and an Idempotency-Key. */
export const useForecloseLoan = (loanId: string) =>
  useIdempotentMutation({
    send: (body: TForecloseInput, key: string) =>
      apiPost<TRepayment>(
        `${loanPath(loanId)}/foreclose`,
        { ...body, pin: md5(body.pin) },
        { silent: true, headers: { 'Idempotency-Key': key } },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.loan.all });
      void invalidateMoney();
    },
  });
