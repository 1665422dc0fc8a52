/**
 * Images clients upload: KYC ID sides, avatars. The bytes are judged by content (magic
 * numbers), decoded and re-encoded as JPEG by sharp, which drops EXIF and anything hidden
 * after the image; then written under DATA_DIR outside any public folder.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { OutputInfo } from 'sharp';
import { ApiMessage, KYC_IMAGE_MAX_BYTES, M } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { hmac, safeEqual } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { loadSharp } from '../../platform/on-demand.ts';
import type { FileStore } from '../../platform/storage.ts';
import { uploads } from './tables.ts';

export type UploadRow = typeof uploads.$inferSelect;
/** KYC ID sides, avatars, and evidence for compensation claims (issue 17). */
export type UploadPurpose = 'kyc' | 'avatar' | 'evidence';

/** Formats sharp decodes from its own bundled libvips; anything else is refused. */
const ACCEPTED = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);
const MAX_INPUT_PIXELS = 60_000_000; // a 60-megapixel photo; larger is a decompression bomb
const SIGNED_URL_TTL_S = 15 * 60;

export type ImageRule = { minSide: number; maxSide: number; square: boolean };

const RULES: Record<UploadPurpose, ImageRule> = {
  kyc: { minSide: 200, maxSide: 2400, square: false },
  avatar: { minSide: 64, maxSide: 512, square: true },
  // Screenshots of a statement or an order may be small; still a real picture, not an icon.
  evidence: { minSide: 100, maxSide: 2400, square: false },
};

/**
 * Judges the bytes by content and re-encodes them as JPEG within `rule`; 400 with the
 * spec's words otherwise. Shared with other modules that keep images (news).
 */
export async function reencodeImage(
  bytes: Buffer,
  rule: ImageRule,
): Promise<{ data: Buffer; info: OutputInfo }> {
  if (bytes.length === 0) throw badRequest(ApiMessage.fileRequired);
  if (bytes.length > KYC_IMAGE_MAX_BYTES) throw badRequest(M.imageTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw badRequest(M.onlyImages);
  try {
    const sharp = await loadSharp();
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (Math.min(meta.width, meta.height) < rule.minSide)
      throw badRequest(ApiMessage.imageTooSmall);
    return await image
      .rotate()
      .resize({
        width: rule.maxSide,
        height: rule.maxSide,
        fit: rule.square ? 'cover' : 'inside',
        withoutEnlargement: !rule.square,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    throw badRequest(ApiMessage.imageUnreadable);
  }
}

export function createUploadService(db: Db, files: FileStore, urlKey: Buffer, clock: Clock) {
  const sign = (id: string, exp: number) => hmac(`${id}.${exp}`, urlKey);

  return {
    /** Validates, re-encodes and stores an image; returns the row. Nothing is kept on failure. */
    async storeImage(input: {
      clientId: string;
      purpose: UploadPurpose;
      bytes: Buffer;
    }): Promise<UploadRow> {
      const output = await reencodeImage(input.bytes, RULES[input.purpose]);

      const storageKey = `${input.purpose === 'avatar' ? 'avatars' : 'private'}/${randomUUID()}.jpg`;
      await files.put(storageKey, output.data);
      try {
        const [row] = await db
          .insert(uploads)
          .values({
            ownerClientId: input.clientId,
            purpose: input.purpose,
            storageKey,
            mime: 'image/jpeg',
            bytes: output.data.length,
            width: output.info.width,
            height: output.info.height,
            sha256: createHash('sha256').update(output.data).digest('hex'),
          })
          .returning();
        return row!;
      } catch (error) {
        await files.remove(storageKey);
        throw error;
      }
    },

    /** A link that works for 15 minutes. It starts with http, as the KYC form requires. */
    signedUrl(baseUrl: string, uploadId: string): string {
      const exp = Math.floor(clock.now().getTime() / 1000) + SIGNED_URL_TTL_S;
      return `${baseUrl}/files/private/${uploadId}?exp=${exp}&sig=${sign(uploadId, exp)}`;
    },

    /** The bytes behind a signed link, or null when the link is forged or expired. */
    async readSigned(uploadId: string, exp: number, sig: string): Promise<Buffer | null> {
      if (!safeEqual(sig, sign(uploadId, exp))) return null;
      if (exp * 1000 < clock.now().getTime()) return null;
      const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
      return row ? files.get(row.storageKey) : null;
    },

    async readAvatar(fileName: string): Promise<Buffer | null> {
      if (!/^[0-9a-f-]{36}\.jpg$/.test(fileName)) return null;
      return files.get(`avatars/${fileName}`);
    },

    /**
     * The caller's own KYC upload behind a link the server signed. An expired link still
     * names the upload (a client may take a while to finish the form); a forged one or
     * someone else's upload does not.
     */
    async ownedUploadFromUrl(
      clientId: string,
      url: string,
      purpose: Exclude<UploadPurpose, 'avatar'> = 'kyc',
    ): Promise<UploadRow | null> {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return null;
      }
      const match = /^\/files\/private\/([0-9a-f-]{36})$/.exec(parsed.pathname);
      const exp = Number(parsed.searchParams.get('exp'));
      const sig = parsed.searchParams.get('sig') ?? '';
      if (!match || !Number.isInteger(exp) || !safeEqual(sig, sign(match[1]!, exp))) return null;
      const [row] = await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.id, match[1]!),
            eq(uploads.ownerClientId, clientId),
            eq(uploads.purpose, purpose),
          ),
        );
      return row ?? null;
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
