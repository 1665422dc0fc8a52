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
  useQuery,
} from '@tanstack/react-query';
import { apiGet, compact } from '../../../lib/api-client';
import { useDecision } from '../../../lib/keyed-action';
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
const useQueueDecision = <TDecision extends { action: string }, TResult>(
  queue: 'deposits' | 'withdrawals',
) =>
  useDecision<TDecision, TResult>(
    (id) => `/funds/${queue}/${id}`,
    [queryKeys.funds.all, queryKeys.dashboard],
  );

export const useDecideDeposit = () =>
  useQueueDecision<TDepositDecision, TConsoleDeposit>('deposits');
export const useDecideWithdrawal = () =>
  useQueueDecision<TWithdrawalDecision, TConsoleWithdrawal>('withdrawals');
