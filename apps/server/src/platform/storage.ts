/**
 * The file store (decision 033): every uploaded file (KYC images, avatars, evidence, chat
 * images, news and offer images, company videos) goes through this port. Three homes:
 * DATA_DIR/files on disk (the embedded default, here), PostgreSQL when DATABASE_URL is set,
 * S3-compatible storage when S3_URL is set (both in modules/files). In each a file becomes
 * visible only once fully written, so a reader never sees half of one.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Inclusive byte range, as HTTP's Range header counts. */
export type ByteRange = { start: number; end: number };

/** An opened file: its size, and its bytes (or some of them) as a stream. */
export type OpenedFile = { size: number; stream(range?: ByteRange): Readable };

/** A file's bytes, whole or as they arrive; a body that throws leaves nothing stored. */
export type FileBody = Buffer | AsyncIterable<Buffer>;

export type FileStore = {
  /** Where the files live: backups copy the disk's folder and S3's objects (the database's are in its dump). */
  kind: 'disk' | 'postgres' | 's3';
  /** Stores the file under `key` (replacing one there); answers its size. */
  put(key: string, body: FileBody): Promise<number>;
  get(key: string): Promise<Buffer | null>;
  /** For files too large to hold in memory (videos): size first, then streamed ranges. */
  open(key: string): Promise<OpenedFile | null>;
  remove(key: string): Promise<void>;
  /** Every stored key, for backups. */
  keys(): AsyncIterable<string>;
};

const SAFE_KEY = /^[a-z]+\/[a-zA-Z0-9_-]+\.[a-z0-9]+$/;

/** Keys are made by the server (`folder/name.ext`); anything else is a bug, not input. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

export const bodyIterable = (body: FileBody): AsyncIterable<Buffer> =>
  Buffer.isBuffer(body) ? Readable.from([body]) : body;

/** Files under DATA_DIR/files: written to a temp file, then renamed, so none is half-written. */
export function diskFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const resolve = (key: string) => path.join(root, checkKey(key));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    kind: 'disk',
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      let size = 0;
      const counted = async function* () {
        for await (const chunk of bodyIterable(body)) {
          size += chunk.length;
          yield chunk;
        }
      };
      try {
        await pipeline(counted, createWriteStream(temp, { mode: 0o600 }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return size;
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      const at = resolve(key);
      try {
        const { size } = await stat(at);
        return { size, stream: (range) => createReadStream(at, range ?? {}) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async *keys() {
      let folders;
      try {
        folders = await readdir(root, { withFileTypes: true });
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const folder of folders.filter((f) => f.isDirectory()))
        for (const name of await readdir(path.join(root, folder.name)))
          if (SAFE_KEY.test(`${folder.name}/${name}`)) yield `${folder.name}/${name}`;
    },
  };
}
