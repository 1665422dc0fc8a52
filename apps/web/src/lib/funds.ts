/**
 * Money queries more than one feature reads (Home, funds, the bank accounts section and the
 * trading drawers), and the one place that says what a money movement makes stale.
 */
import type { TAssets, TBankCard } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

/** A page of a funds list (docs/api-funds.md "Lists"). */
export interface TFundsPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** GET /stat/app/v1/asset: cash available and on hold, holdings, total. */
export const assetsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.stat.assets,
    queryFn: () => apiGet<TAssets>('/stat/app/v1/asset', { silent: true }),
  });

/** GET /funds/app/v1/bank-cards: the client's bank accounts (withdrawals go to one of them). */
export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.funds.bankCards,
    queryFn: () => apiGet<TBankCard[]>('/funds/app/v1/bank-cards', { silent: true }),
  });

/** Every view that shows money is stale after a money movement. */
export function invalidateMoney() {
  return Promise.all(
    [queryKeys.stat.assets, queryKeys.funds.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
