import type { TMarket, TStockDetail } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { stockGet } from './stock-api';

/**
 * GET /stock/api/v1/stock_detail (spec §7): last price, tick size, price band and session.
 * The stock detail drawer and the order ticket read the same cache entry, so opening the
 * ticket from the drawer costs no request.
 */
export const stockDetailQueryOptions = (symbol: string, market: TMarket = 'NSE') =>
  queryOptions({
    queryKey: queryKeys.stock.detail(market, symbol),
    queryFn: () => stockGet<TStockDetail>('/stock_detail', { params: { market, s: symbol } }),
  });
