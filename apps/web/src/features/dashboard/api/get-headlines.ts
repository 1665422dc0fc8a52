import type { TNewsSummary, TPage } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /news/app/v1/articles?limit=n: the newest published articles. */
export const headlinesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: queryKeys.news.headlines(limit),
    queryFn: () =>
      apiGet<TPage<TNewsSummary>>('/news/app/v1/articles', { params: { limit }, silent: true }),
  });
