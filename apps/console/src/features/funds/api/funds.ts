import type {
  TClientLedger,
  TConsoleDeposit,
  TConsoleWithdrawal,
  TPage,
  TReconciliation,
} from '@sampada/shared';
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

export const DEPOSIT_FILTERS = ['pending', 'confirmed', 'rejected', 'cancelled', 'all'] as const;
export const WITHDRAWAL_FILTERS = ['pending', 'paid', 'rejected', 'cancelled', 'all'] as const;
const PAGE = 50;

export const depositQueueQuery = (status: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.funds.deposits(status),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TConsoleDeposit>>(
        '/funds/deposits',
        compact({ status, cursor: pageParam, limit: PAGE }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useDepositQueue = (status: string) => useInfiniteQuery(depositQueueQuery(status));

export const withdrawalQueueQuery = (status: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.funds.withdrawals(status),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TConsoleWithdrawal>>(
        '/funds/withdrawals',
        compact({ status, cursor: pageParam, limit: PAGE }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useWithdrawalQueue = (status: string) =>
  useInfiniteQuery(withdrawalQueueQuery(status));

export const clientLedgerQuery = (clientId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.funds.ledger(clientId),
    queryFn: ({ pageParam }) =>
      apiGet<TClientLedger>(
        `/funds/clients/${clientId}/ledger`,
        compact({ cursor: pageParam, limit: PAGE }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.postings.next_cursor ?? undefined,
  });
export const useClientLedger = (clientId: string) => useInfiniteQuery(clientLedgerQuery(clientId));

export const reconciliationQuery = () =>
  queryOptions({
    queryKey: queryKeys.funds.reconciliation,
    queryFn: () => apiGet<TReconciliation>('/funds/reconciliation'),
  });
export const useReconciliation = () => useQuery(reconciliationQuery());

export type TDepositDecision = { action: 'confirm' } | { action: 'reject'; reason: string };
export type TWithdrawalDecision =
  { action: 'pay'; bank_reference: string } | { action: 'reject'; reason: string };

/**
 * Decisions on one queue: each attempt gets a key, the same decision retried reuses it.
 * Success or failure, the queues and the dashboard counts are read again.
 */
function useDecision<TDecision extends { action: string }, TResult>(
  queue: 'deposits' | 'withdrawals',
) {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: TDecision }) => {
      const { action, ...body } = decision;
      const signature = `${queue}:${id}:${action}:${JSON.stringify(body)}`;
      return apiPostWithKey<TResult>(
        `/funds/${queue}/${id}/${action}`,
        body,
        keys.keyFor(signature),
      ).then((result) => {
        keys.settle(signature);
        return result;
      });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.funds.all });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}

export const useDecideDeposit = () => useDecision<TDepositDecision, TConsoleDeposit>('deposits');
export const useDecideWithdrawal = () =>
  useDecision<TWithdrawalDecision, TConsoleWithdrawal>('withdrawals');
