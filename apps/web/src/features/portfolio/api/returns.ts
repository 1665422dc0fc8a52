import type { TDividendList, TReturns } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /stat/app/v1/returns from `from` (null: since the first trade) to today, NIFTY 50. */
export const returnsQueryOptions = (from: string | null) =>
  queryOptions({
    queryKey: queryKeys.stat.returns(from),
    queryFn: () =>
      apiGet<TReturns>('/stat/app/v1/returns', {
        params: from ? { from, benchmark: 'NIFTY50' } : { benchmark: 'NIFTY50' },
        silent: true,
      }),
  });

/** GET /stat/app/v1/dividends: every dividend on record (the screen keeps the period's). */
export const dividendsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.stat.dividends,
    queryFn: () => apiGet<TDividendList>('/stat/app/v1/dividends', { silent: true }),
  });
