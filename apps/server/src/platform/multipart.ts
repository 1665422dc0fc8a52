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
  return (await readNamedFile(request, limit)).bytes;
}

/** The one multipart field 'file' with the name the sender gave it (a tradebook's, shown back). */
export async function readNamedFile(
  request: FastifyRequest,
  limit?: { maxBytes: number; tooLarge: string },
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw badRequest(ApiMessage.fileRequired);
  let part;
  try {
    part = await request.file(limit ? { limits: { fileSize: limit.maxBytes } } : undefined);
  } catch {
    throw badRequest(ApiMessage.fileRequired);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(ApiMessage.fileRequired);
  try {
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(limit?.tooLarge ?? M.imageTooLarge);
    // A body cut short (no closing boundary, "Unexpected end of form") is the sender's: 400.
    throw badRequest(ApiMessage.uploadIncomplete);
  }
}

/**
 * The one multipart field 'file' as it arrives, for files streamed into the file store
 * (decision 033) instead of held whole; iterating throws the 400 when it passes the cap.
 */
export async function streamSingleFile(
  request: FastifyRequest,
  limit: { maxBytes: number; tooLarge: string },
): Promise<AsyncIterable<Buffer>> {
  if (!request.isMultipart()) throw badRequest(ApiMessage.fileRequired);
  let part;
  try {
    part = await request.file({ limits: { fileSize: limit.maxBytes } });
  } catch {
    throw badRequest(ApiMessage.fileRequired);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(ApiMessage.fileRequired);
  const file = part.file;
  return (async function* () {
    for await (const chunk of file) yield chunk as Buffer;
    if (file.truncated) throw badRequest(limit.tooLarge);
  })();
}
