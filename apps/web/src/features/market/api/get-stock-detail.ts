import type { TMarket, TStockDetail } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { stockGet } from '../../../lib/market/stock-api';

/** GET /stock/api/v1/stock_detail (spec §7). */
export const stockDetailQueryOptions = (symbol: string, market: TMarket) =>
  queryOptions({
    queryKey: ['stock', 'detail', market, symbol],
    queryFn: () => stockGet<TStockDetail>('/stock_detail', { params: { market, s: symbol } }),
  });
