import type { TCompanyVideo } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, http, type TEnvelope } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /market/videos: every company that has a video. */
export const videosQuery = () =>
  queryOptions({
    queryKey: queryKeys.companyVideos.list,
    queryFn: () => apiGet<TCompanyVideo[]>('/market/videos'),
  });
export const useCompanyVideos = () => useQuery(videosQuery());

/** POST multipart: the server judges the file by its content (an MP4) and its size. */
async function uploadVideo({ symbol, file }: { symbol: string; file: File }) {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await http.post<TEnvelope<TCompanyVideo>>(
    `/market/companies/${encodeURIComponent(symbol)}/video`,
    form,
    { timeout: 120_000 },
  );
  return { data: data.data, message: data.message };
}

async function removeVideo(symbol: string) {
  const { data } = await http.delete<TEnvelope<TCompanyVideo>>(
    `/market/companies/${encodeURIComponent(symbol)}/video`,
  );
  return { data: data.data, message: data.message };
}

export function useVideoMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.companyVideos.list });
  return {
    upload: useMutation({ mutationFn: uploadVideo, onSuccess }),
    remove: useMutation({ mutationFn: removeVideo, onSuccess }),
  };
}
