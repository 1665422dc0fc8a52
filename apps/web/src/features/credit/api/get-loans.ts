import type { TLoanList } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /loan/app/v1/loans: the client's loans, newest first. */
export const getLoans = () => apiGet<TLoanList>('/loan/app/v1/loans', { silent: true });

export const loansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.loan.loans, queryFn: getLoans });
