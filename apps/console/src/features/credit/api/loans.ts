import type { TConsoleLoan, TConsoleLoanDetail, TPage, TShortfall } from '@sampada/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPostWithKey, compact } from '../../../lib/api-client';
import { useIdempotencyKeys } from '../../../lib/idempotency';
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
export function useDecideLoan() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: TLoanDecision }) => {
      const { action, ...body } = decision;
      const signature = `loan:${id}:${action}:${JSON.stringify(body)}`;
      return apiPostWithKey<TConsoleLoanDetail>(
        `/credit/loans/${id}/${action}`,
        body,
        keys.keyFor(signature),
      ).then((result) => {
        keys.settle(signature);
        return result;
      });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.credit.all });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
