import type { TDeskOrder, TOfferingKind, TOrderStatus, TPage } from '@sampada/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useTradingAction } from './trading-action';

export const DESK_STATUS_FILTERS = [
  'awaiting',
  'filled',
  'partially_filled',
  'rejected',
  'cancelled',
  'expired',
  'all',
] as const;
export type TDeskStatusFilter = TOrderStatus | 'all';

/** GET /trading/orders (ZDeskQueueQuery): awaiting oldest first, the rest newest first. */
export type TDeskOrderFilters = {
  type?: TOfferingKind | undefined;
  status: TDeskStatusFilter;
  offering_id?: string | undefined;
  client_id?: string | undefined;
};
const PAGE = 50;

export const deskOrdersQuery = (filters: TDeskOrderFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.trading.orders(filters),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TDeskOrder>>(
        '/trading/orders',
        compact({ ...filters, cursor: pageParam, limit: PAGE }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useDeskOrders = (filters: TDeskOrderFilters) =>
  useInfiniteQuery(deskOrdersQuery(filters));

export type TDeskDecision =
  | { action: 'allocate'; quantity: number }
  | { action: 'confirm' }
  | { action: 'reject'; reason: string };

/** Allocate (institutional), confirm (OTC take) or reject (either) one awaiting order. */
export const useDecideOrder = () =>
  useTradingAction<{ id: string; decision: TDeskDecision }, TDeskOrder>(
    ({ id, decision: { action, ...body } }) => ({ url: `/trading/orders/${id}/${action}`, body }),
  );
