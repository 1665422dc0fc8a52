import type { TLoanDetail } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /loan/app/v1/loans/:id: schedule, what is paid, due and accrued, the pledge and LTV. */
export const getLoan = (id: string) =>
  apiGet<TLoanDetail>(`/loan/app/v1/loans/${encodeURIComponent(id)}`, { silent: true });

export const loanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.loan.loan(id),
    queryFn: () => getLoan(id),
    refetchInterval: 60_000,
  });
