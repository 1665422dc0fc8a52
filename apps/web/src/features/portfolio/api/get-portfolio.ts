import type { TPortfolio } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/trading';

/** GET /stat/app/v1/portfolio: summary, allocation by sector, holdings, months and stocks. */
export const portfolioQueryOptions = () =>
  queryOptions({
    queryKey: tradeKeys.portfolio,
    queryFn: () => apiGet<TPortfolio>('/stat/app/v1/portfolio', { silent: true }),
  });
