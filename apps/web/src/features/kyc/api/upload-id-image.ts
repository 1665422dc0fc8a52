import { M } from '@sampada/shared';
import { apiUpload, toastFailure } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';

export type TIdSide = 'front' | 'back';

/**
 * POST multipart /client/app/v1/image; the answer's url must start with http (spec §5).
 * Returns the url, or null after telling the user what went wrong (spec §8).
 */
export async function uploadIdImage(file: File, side: TIdSide): Promise<string | null> {
  let url: string | undefined;
  try {
    ({ url } = await apiUpload<{ url: string }>('/client/app/v1/image', file, file.name, {
      silent: true,
    }));
  } catch (error) {
    console.error('ID image upload failed', error);
    toastFailure(M.imageUploadFailed, error);
    return null;
  }
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    toast({ type: 'error', message: M.uploadInvalidUrl });
    return null;
  }
  toast({ type: 'success', message: side === 'front' ? M.uploadedFront : M.uploadedBack });
  return url;
}
