import type { TQuote } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet, apiPost, type TEnvelope } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /market/app/v1/watchlist: the client's symbols in their order. */
export const watchlistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.watchlist,
    queryFn: () => apiGet<TQuote[]>('/market/app/v1/watchlist', { silent: true }),
  });

export const useWatchlist = () => useQuery(watchlistQueryOptions());

/** Every watchlist call answers with the whole new list, which replaces the cached one. */
function useWatchlistMutation<TVariables>(call: (variables: TVariables) => Promise<TQuote[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => queryClient.setQueryData(queryKeys.market.watchlist, list),
  });
}

/** POST /market/app/v1/watchlist (adding twice is harmless). */
export const useAddToWatchlist = () =>
  useWatchlistMutation((symbol: string) =>
    apiPost<TQuote[]>('/market/app/v1/watchlist', { symbol }),
  );

/** DELETE /market/app/v1/watchlist/:symbol */
export const useRemoveFromWatchlist = () =>
  useWatchlistMutation(async (symbol: string) => {
    const response = await api.delete<TEnvelope<TQuote[]>>(
      `/market/app/v1/watchlist/${encodeURIComponent(symbol)}`,
    );
    return response.data.data;
  });

/**
 * PUT /market/app/v1/watchlist/order. The new order shows at once; a failure puts the old
 * order back (the HTTP client has already said why).
 */
export function useReorderWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    // One at a time, so quick clicks cannot land on the server out of order.
    scope: { id: 'watchlist-order' },
    mutationFn: async (order: TQuote[]) => {
      const response = await api.put<TEnvelope<TQuote[]>>('/market/app/v1/watchlist/order', {
        symbols: order.map((quote) => quote.symbol),
      });
      return response.data.data;
    },
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.market.watchlist });
      const previous = queryClient.getQueryData<TQuote[]>(queryKeys.market.watchlist);
      queryClient.setQueryData(queryKeys.market.watchlist, order);
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.market.watchlist, context.previous);
    },
    onSuccess: (list) => queryClient.setQueryData(queryKeys.market.watchlist, list),
  });
}

/** Moves one entry a step up (-1) or down (+1); the list is unchanged at either end. */
export function moveEntry<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
