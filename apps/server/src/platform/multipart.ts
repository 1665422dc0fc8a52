import type { FastifyRequest } from 'fastify';
import { ApiMessage, M } from '@sampada/shared';
import { badRequest } from './errors.ts';

/**
 * The bytes of the one multipart field 'file'; 400 with the spec's words when too large.
 * `limit` sets another cap (and its message) than the app's default for images.
 */
export async function readSingleFile(
  request: FastifyRequest,
  limit?: { maxBytes: number; tooLarge: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(ApiMessage.fileRequired);
  let part;
  try {
    part = await request.file(limit ? { limits: { fileSize: limit.maxBytes } } : undefined);
  } catch {
    throw badRequest(ApiMessage.fileRequired);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(ApiMessage.fileRequired);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(limit?.tooLarge ?? M.imageTooLarge);
    throw error;
  }
}
