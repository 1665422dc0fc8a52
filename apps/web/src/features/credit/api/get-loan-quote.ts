import type { TLoanQuote, TLoanQuoteRequest } from '@sampada/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /loan/app/v1/quote: the server's schedule, fee and APR for the terms typed so far. */
export const getLoanQuote = (request: TLoanQuoteRequest) =>
  apiPost<TLoanQuote>('/loan/app/v1/quote', request, { silent: true });

export const loanQuoteQueryOptions = (request: TLoanQuoteRequest | null) =>
  queryOptions({
    queryKey: queryKeys.loan.quote(request ?? ({} as TLoanQuoteRequest)),
    queryFn: () => getLoanQuote(request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 15_000,
  });
