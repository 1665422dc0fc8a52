import { apiUpload } from './api-client';

/**
 * Uploads evidence images one by one through the server's uploads pipeline (each checked by
 * content and re-encoded there) and answers their signed links, for a compensation claim and
 * the answers to its questions (the compensation drawer and the applications page).
 */
export async function uploadEvidence(files: File[]): Promise<string[]> {
  const urls: string[] = [];
  for (const file of files)
    urls.push(
      (
        await apiUpload<{ url: string }>('/client/app/v1/image?purpose=evidence', file, file.name, {
          silent: true,
        })
      ).url,
    );
  return urls;
}
