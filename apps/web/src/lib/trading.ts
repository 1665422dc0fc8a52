/**
 * Trading queries more than one feature reads (the trading drawers and the portfolio), and
 * the one place that says what an order makes stale (docs/api-trading.md).
 */
import type { THolding } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

/**
 * GET /trade/app/v1/holdings: what the client holds, with live prices. Holdings change
 * without the app asking (the engine fills a market order a moment after it is placed, the
 * desk allocates, an IPO is allotted), so every screen that shows them fetches them afresh.
 */
export const holdingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.trade.holdings,
    queryFn: () => apiGet<THolding[]>('/trade/app/v1/holdings', { silent: true }),
    refetchOnMount: 'always',
  });

/** Shares a holding can still sell: what is held less what awaiting sells have reserved. */
export const sellableQuantity = (holding: THolding | undefined) =>
  holding ? Math.max(0, holding.quantity - holding.reserved) : 0;

/**
 * After an order is placed or cancelled: orders, holdings, offerings, the portfolio, cash
 * and fund records all changed.
 */
export function invalidateTrading() {
  return Promise.all(
    [queryKeys.trade.all, queryKeys.stat.all, queryKeys.funds.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
