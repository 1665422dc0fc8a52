import type {
  TNewsFeedInput,
  TNewsFeedUpdate,
  TNewsFeedView,
  TNewsImportResult,
} from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const feedsQuery = () =>
  queryOptions({
    queryKey: queryKeys.news.feeds,
    queryFn: () => apiGet<TNewsFeedView[]>('/news/feeds'),
  });
export const useFeeds = () => useQuery(feedsQuery());

export const addFeed = (input: TNewsFeedInput) => apiPost<TNewsFeedView>('/news/feeds', input);
export const updateFeed = (id: string, input: TNewsFeedUpdate) =>
  apiPost<TNewsFeedView>(`/news/feeds/${id}`, input);
export const removeFeed = (id: string) => apiPost<null>(`/news/feeds/${id}/delete`);
export const importNews = () => apiPost<TNewsImportResult>('/news/import');

/** Feed changes refetch the feeds; an import also refetches the article lists. */
export function useFeedMutations() {
  const client = useQueryClient();
  const refetchFeeds = () => client.invalidateQueries({ queryKey: queryKeys.news.feeds });
  return {
    add: useMutation({ mutationFn: addFeed, onSuccess: refetchFeeds }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: TNewsFeedUpdate }) => updateFeed(id, input),
      onSuccess: refetchFeeds,
    }),
    remove: useMutation({ mutationFn: removeFeed, onSuccess: refetchFeeds }),
    importNow: useMutation({
      mutationFn: importNews,
      onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.news.all }),
    }),
  };
}
