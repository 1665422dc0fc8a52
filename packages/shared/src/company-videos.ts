/** Company videos (issue 20): a short MP4 per company, uploaded by staff in the console. */
import { z } from 'zod';

/** A short introduction, not a film: 20 MB holds about a minute and a half of 720p. */
export const COMPANY_VIDEO_MAX_BYTES = 20 * 1024 * 1024;

export const VideoMessage = {
  notMp4: 'The video must be an MP4 file.',
  tooLarge: `The video must be at most ${COMPANY_VIDEO_MAX_BYTES / 1024 / 1024} MB.`,
  fileRequired: 'Choose a video file.',
  companyUnknown: 'Unknown company.',
  notFound: 'Video not found.',
  uploaded: 'Video uploaded.',
  removed: 'Video removed.',
} as const;

export const ZCompanyVideo = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Where the client app plays it from (served with range requests). */
  url: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  uploaded_at: z.string().nullable(),
});
export type TCompanyVideo = z.infer<typeof ZCompanyVideo>;
