import type {
  TConsoleLoan,
  TConsoleLoanDetail,
  TDpdBucket,
  TPage,
  TPostingView,
  TShortfall,
} from '@sampada/shared';
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
/** A loan posts interest daily: a short page keeps the loan page's later sections in reach. */
const POSTINGS_PAGE = 20;

/**
 * The loan queue: applied oldest first (the work queue), any other status newest first; with
 * a days-past-due bucket, the disbursed loans in it (the server ignores the status then).
 */
export const loanQueueQuery = (status: string, clientId?: string, bucket?: TDpdBucket) =>
  infiniteQueryOptions({
    queryKey: queryKeys.credit.loans({ status, clientId, bucket }),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TConsoleLoan>>(
        '/credit/loans',
        compact({ status, bucket, client_id: clientId, cursor: pageParam, limit: PAGE }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useLoanQueue = (status: string, clientId?: string, bucket?: TDpdBucket) =>
  useInfiniteQuery(loanQueueQuery(status, clientId, bucket));

/** Disbursed loans counted by days-past-due bucket (current, SMA-0, SMA-1, SMA-2, NPA). */
export const loanBucketsQuery = () =>
  queryOptions({
    queryKey: queryKeys.credit.buckets,
    queryFn: () => apiGet<Record<TDpdBucket, number>>('/credit/loans/buckets'),
  });
export const useLoanBuckets = () => useQuery(loanBucketsQuery());

/** A loan's ledger postings with their lines, newest first, a page at a time. */
export const loanPostingsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.credit.postings(id),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TPostingView>>(
        `/credit/loans/${id}/postings`,
        compact({ cursor: pageParam, limit: POSTINGS_PAGE }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useLoanPostings = (id: string) => useInfiniteQuery(loanPostingsQuery(id));

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
