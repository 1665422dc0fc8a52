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

/**
 * Shares a holding can still sell: what is held less what awaiting sells have reserved and
 * what a loan holds in pledge (the server refuses a sell beyond that, issue 31).
 */
export const sellableQuantity = (holding: THolding | undefined) =>
  holding ? Math.max(0, holding.quantity - holding.reserved - holding.pledged) : 0;

/** Why nothing more of a holding can be sold, or null when some can. */
export function sellBlockedBy(holding: THolding): 'pledged' | 'reserved' | 'mixed' | null {
  if (sellableQuantity(holding) > 0) return null;
  if (holding.pledged > 0 && holding.reserved > 0) return 'mixed';
  return holding.pledged > 0 ? 'pledged' : holding.reserved > 0 ? 'reserved' : null;
}

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
