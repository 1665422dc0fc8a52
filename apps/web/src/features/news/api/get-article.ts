import type { TNewsArticle } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /news/app/v1/articles/:id; a withdrawn or unknown article answers 404. */
export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.news.article(id),
    queryFn: () =>
      apiGet<TNewsArticle>(`/news/app/v1/articles/${encodeURIComponent(id)}`, { silent: true }),
  });

export const useArticle = (id: string) => useQuery(articleQueryOptions(id));
