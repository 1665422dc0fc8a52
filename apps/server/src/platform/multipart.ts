import type { FastifyRequest } from 'fastify';
import { ApiMessage, M } from '@sampada/shared';
import { badRequest } from './errors.ts';

/** The bytes of the one multipart field 'file'; 400 with the spec's words when too large. */
export async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(ApiMessage.fileRequired);
  let part;
  try {
    part = await request.file();
  } catch {
    throw badRequest(ApiMessage.fileRequired);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(ApiMessage.fileRequired);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(M.imageTooLarge);
    throw error;
  }
}
