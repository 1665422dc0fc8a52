import type { TNewsSummary, TPage } from '@sampada/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const NEWS_PAGE_SIZE = 20;

/** GET /news/app/v1/articles: published articles, newest first, a page at a time. */
export const articlesQueryOptions = (symbol: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.news.list(symbol),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TNewsSummary>>('/news/app/v1/articles', {
        params: {
          limit: NEWS_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(symbol ? { symbol } : {}),
        },
        silent: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useArticles = (symbol: string | null) =>
  useInfiniteQuery(articlesQueryOptions(symbol));
