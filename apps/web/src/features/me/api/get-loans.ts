import type { TLoanList } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /loan/app/v1/loans for the Applications tab. The key is the credit feature's loans key,
 * so a loan applied for or repaid there refreshes this list too.
 */
export const myLoansQueryOptions = () =>
  queryOptions({
    queryKey: ['loan', 'loans'] as const,
    queryFn: () => apiGet<TLoanList>('/loan/app/v1/loans', { silent: true }),
  });
