/**
 * Trading queries more than one feature reads (the trading drawers and the portfolio), and
 * the one place that says what an order makes stale (docs/api-trading.md).
 */
import type { TAssets, THolding, TOfferingKind } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryClient } from './query-client';

export const tradeKeys = {
  all: ['trade'] as const,
  charges: ['trade', 'charges'] as const,
  deals: (kind: TOfferingKind) => ['trade', 'deals', kind] as const,
  deal: (id: string) => ['trade', 'deal', id] as const,
  holdings: ['trade', 'holdings'] as const,
  orders: ['trade', 'orders'] as const,
  order: (id: string) => ['trade', 'order', id] as const,
  contractNote: (no: string) => ['trade', 'contract-note', no] as const,
  /** GET /stat/app/v1/portfolio and /asset: the same cache entries as funds and Home. */
  portfolio: ['stat', 'portfolio'] as const,
  assets: ['stat', 'asset'] as const,
};

/**
 * GET /trade/app/v1/holdings: what the client holds, with live prices. Holdings change
 * without the app asking (the engine fills a market order a moment after it is placed, the
 * desk allocates, an IPO is allotted), so every screen that shows them fetches them afresh.
 */
export const holdingsQueryOptions = () =>
  queryOptions({
    queryKey: tradeKeys.holdings,
    queryFn: () => apiGet<THolding[]>('/trade/app/v1/holdings', { silent: true }),
    refetchOnMount: 'always',
  });

/** GET /stat/app/v1/asset: cash available and on hold. */
export const cashQueryOptions = () =>
  queryOptions({
    queryKey: tradeKeys.assets,
    queryFn: () => apiGet<TAssets>('/stat/app/v1/asset', { silent: true }),
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
    [tradeKeys.all, ['stat'], ['funds']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
