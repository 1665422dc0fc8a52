import type { TNewsSummary, TPage } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /news/app/v1/articles?limit=n: the newest published articles. */
export const headlinesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['news', 'headlines', limit],
    queryFn: () =>
      apiGet<TPage<TNewsSummary>>('/news/app/v1/articles', { params: { limit }, silent: true }),
  });
