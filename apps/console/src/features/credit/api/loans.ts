import type { TConsoleLoan, TConsoleLoanDetail, TPage, TShortfall } from '@sampada/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiGet, compact } from '../../../lib/api-client';
import { useDecision } from '../../../lib/keyed-action';
import { queryKeys } from '../../../lib/query-keys';

export const LOAN_FILTERS = [
  'applied',
  'approved',
  'disbursed',
  'closed',
  'rejected',
  'cancelled',
  'written_off',
  'all',
] as const;
const PAGE = 50;

/** The loan queue: applied oldest first (the work queue), any other status newest first. */
export const loanQueueQuery = (status: string, clientId?: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.credit.loans({ status, clientId }),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TConsoleLoan>>(
        '/credit/loans',
        compact({ status, client_id: clientId, cursor: pageParam, limit: PAGE }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useLoanQueue = (status: string, clientId?: string) =>
  useInfiniteQuery(loanQueueQuery(status, clientId));

export const loanQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.credit.loan(id),
    queryFn: () => apiGet<TConsoleLoanDetail>(`/credit/loans/${id}`),
  });
export const useLoan = (id: string) => useQuery(loanQuery(id));

export const shortfallsQuery = () =>
  queryOptions({
    queryKey: queryKeys.credit.shortfalls,
    queryFn: () => apiGet<TShortfall[]>('/credit/shortfalls'),
    refetchInterval: 60_000,
  });
export const useShortfalls = () => useQuery(shortfallsQuery());

export type TLoanDecision =
  | { action: 'approve'; reason?: string }
  | { action: 'reject'; reason: string }
  | { action: 'disburse' }
  | { action: 'write-off'; reason: string }
  | { action: 'invoke-pledge' };

/**
 * A decision on a loan: each attempt gets an Idempotency-Key, the same decision retried reuses
 * it. Success or failure, the queue, the loan and the dashboard are read again.
 */
export const useDecideLoan = () =>
  useDecision<TLoanDecision, TConsoleLoanDetail>(
    (id) => `/credit/loans/${id}`,
    [queryKeys.credit.all, queryKeys.dashboard],
  );
