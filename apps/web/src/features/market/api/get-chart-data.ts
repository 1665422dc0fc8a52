import type { TCandleInterval, TChartData, TMarket } from '@sampada/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { stockGet } from '../../../lib/market/stock-api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /stock/api/v1/chart_data: candles oldest first, the forming one last (spec §7). */
export const chartDataQueryOptions = (symbol: string, market: TMarket, interval: TCandleInterval) =>
  queryOptions({
    queryKey: queryKeys.stock.chart(market, symbol, interval),
    queryFn: () => stockGet<TChartData>('/chart_data', { params: { market, symbol, interval } }),
    // The previous interval's candles stay on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
