import { AVATAR_FILE_NAME } from '@sampada/shared';
import { apiUpload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';

/** POST multipart /client/app/v1/avatar, field 'file' = avatar.jpg; then the profile refreshes. */
export async function uploadAvatar(file: Blob): Promise<{ url: string }> {
  const result = await apiUpload<{ url: string }>('/client/app/v1/avatar', file, AVATAR_FILE_NAME, {
    silent: true,
  });
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  return result;
}
