import type { TStockDetail } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { stockGet } from '../../../lib/market/stock-api';

/**
 * GET /stock/api/v1/stock_detail for the order ticket: last price, tick size, price band and
 * session. The same cache entry as the stock detail drawer's, so opening the ticket from it
 * costs no request.
 */
export const stockQuoteQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['stock', 'detail', 'NSE', symbol],
    queryFn: () =>
      stockGet<TStockDetail>('/stock_detail', { params: { market: 'NSE', s: symbol } }),
  });
