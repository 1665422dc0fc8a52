import type { TLoanList } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /loan/app/v1/loans for the Applications tab, on the credit feature's key (lib/query-keys),
 * so a loan applied for or repaid there refreshes this list too.
 */
export const myLoansQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.loan.loans,
    queryFn: () => apiGet<TLoanList>('/loan/app/v1/loans', { silent: true }),
  });
