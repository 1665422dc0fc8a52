import type { TNewsArticleInput, TNewsArticleView, TNewsStatus, TPage } from '@sampada/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TNewsFilters = { status?: TNewsStatus | undefined; q?: string | undefined };

export const articlesQuery = (filters: TNewsFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.news.list(filters),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TNewsArticleView>>(
        '/news/articles',
        compact({ ...filters, cursor: pageParam, limit: 20 }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useArticles = (filters: TNewsFilters) => useInfiniteQuery(articlesQuery(filters));

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.news.article(id),
    queryFn: () => apiGet<TNewsArticleView>(`/news/articles/${id}`),
  });
export const useArticle = (id: string | undefined) =>
  useQuery({ ...articleQuery(id ?? ''), enabled: Boolean(id) });

export const createArticle = (input: TNewsArticleInput) =>
  apiPost<TNewsArticleView>('/news/articles', input);
export const updateArticle = (id: string, input: TNewsArticleInput) =>
  apiPost<TNewsArticleView>(`/news/articles/${id}`, input);
export const moveArticle = (id: string, action: 'publish' | 'unpublish') =>
  apiPost<TNewsArticleView>(`/news/articles/${id}/${action}`);
export const deleteArticle = (id: string) => apiPost<null>(`/news/articles/${id}/delete`);
export const removeArticleImage = (id: string) =>
  apiPost<TNewsArticleView>(`/news/articles/${id}/image/remove`);

export const uploadArticleImage = (id: string, file: File) =>
  apiUpload<TNewsArticleView>(`/news/articles/${id}/image`, file);

/** The article as the server now has it, in the cache, and every list refetched. */
const remember = (client: QueryClient, article: TNewsArticleView) => {
  client.setQueryData(queryKeys.news.article(article.id), article);
  return client.invalidateQueries({ queryKey: queryKeys.news.lists });
};

/** One mutation per editor action, each leaving the cache as the server answered. */
export function useArticleMutations() {
  const client = useQueryClient();
  const onSuccess = ({ data }: { data: TNewsArticleView }) => remember(client, data);
  return {
    create: useMutation({ mutationFn: createArticle, onSuccess }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: TNewsArticleInput }) =>
        updateArticle(id, input),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: ({ id, action }: { id: string; action: 'publish' | 'unpublish' }) =>
        moveArticle(id, action),
      onSuccess,
    }),
    upload: useMutation({
      mutationFn: ({ id, file }: { id: string; file: File }) => uploadArticleImage(id, file),
      onSuccess,
    }),
    removeImage: useMutation({ mutationFn: removeArticleImage, onSuccess }),
    remove: useMutation({
      mutationFn: deleteArticle,
      onSuccess: (_result, id) => {
        client.removeQueries({ queryKey: queryKeys.news.article(id) });
        return client.invalidateQueries({ queryKey: queryKeys.news.lists });
      },
    }),
  };
}
