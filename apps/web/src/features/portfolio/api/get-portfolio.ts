import type { TPortfolio } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /stat/app/v1/portfolio: summary, allocation by sector, holdings, months and stocks. */
export const portfolioQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.stat.portfolio,
    queryFn: () => apiGet<TPortfolio>('/stat/app/v1/portfolio', { silent: true }),
  });
