/**
 * A gzip-compressed tar archive, written and read as streams: what `sampada backup` stores,
 * and what `tar xzf` can open. The format (ustar headers, pax for long names, base-256 sizes
 * past 8 GiB, checksums) is tar-stream's; this file adds only the backup's own policy: files
 * that change while they are copied, and entries a restore refuses.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

const CHUNK = 1024 * 1024;

export type TarWriter = {
  addDirectory(name: string, mode?: number): Promise<void>;
  addBuffer(name: string, bytes: Buffer, mode?: number): Promise<void>;
  /**
   * A file as it is now. One that shrinks while it is read is padded with zeros, one that
   * grows is cut at the size first seen (as pg_basebackup does: the WAL replayed after a
   * restore repairs such pages); one that vanished is skipped (answers false).
   */
  addFile(name: string, source: string, mode?: number): Promise<boolean>;
  finish(): Promise<void>;
};

/** Resolves once tar-stream has taken the entry's last byte (or rejects with its error). */
const entryDone = () => {
  let settle: (error?: Error | null) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  return { done, settle };
};

type EntrySink = ReturnType<ReturnType<typeof pack>['entry']>;

async function writeTo(sink: EntrySink, bytes: Buffer) {
  if (!sink.write(bytes)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
}

export function createTarWriter(file: string): TarWriter {
  const archive = pack();
  const piped = pipeline(
    archive,
    createGzip({ level: 3 }),
    createWriteStream(file, { mode: 0o600 }),
  );
  // A failed pipeline is reported by finish(); until then keep it from being unhandled.
  piped.catch(() => {});
  const mtime = new Date();

  async function addFile(name: string, source: string, mode?: number) {
    let handle;
    try {
      handle = await open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const info = await handle.stat();
      const size = info.size;
      const { done, settle } = entryDone();
      const entry = archive.entry(
        { name, size, mode: (mode ?? info.mode) & 0o7777, mtime },
        settle,
      );
      let copied = 0;
      const chunk = Buffer.alloc(CHUNK);
      while (copied < size) {
        const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - copied));
        if (bytesRead === 0) break;
        await writeTo(entry, Buffer.from(chunk.subarray(0, bytesRead)));
        copied += bytesRead;
      }
      entry.end(Buffer.alloc(size - copied));
      await done;
      return true;
    } finally {
      await handle.close();
    }
  }

  return {
    async addDirectory(name, mode = 0o700) {
      const { done, settle } = entryDone();
      archive.entry({ name, type: 'directory', mode, mtime }, settle);
      await done;
    },
    async addBuffer(name, bytes, mode = 0o600) {
      const { done, settle } = entryDone();
      archive.entry({ name, mode, mtime }, bytes, settle);
      await done;
    },
    addFile,
    async finish() {
      archive.finalize();
      await piped;
    },
  };
}

export type TarEntry = { name: string; type: 'file' | 'dir'; size: number; mode: number };

function entryOf(header: { name: string; type?: string | null; size?: number; mode?: number }) {
  const name = header.name.replace(/\/$/, '');
  const type = header.type === 'directory' ? 'dir' : header.type === 'file' ? 'file' : null;
  if (!type) throw new Error(`The archive holds an entry of a kind not restored: ${name}`);
  if (name.startsWith('/') || name.split('/').includes('..'))
    throw new Error(`The archive holds an unsafe path: ${name}`);
  return { name, type, size: header.size ?? 0, mode: header.mode ?? 0o600 } satisfies TarEntry;
}

/**
 * Reads an archive written by createTarWriter (or tar czf), calling `onEntry` for each entry
 * in order; for a file it answers where to write the bytes (null: skip them).
 */
export async function readTar(
  file: string,
  onEntry: (entry: TarEntry) => Promise<Writable | null>,
): Promise<void> {
  const entries = extract();
  const reading = pipeline(createReadStream(file), createGunzip(), entries);
  try {
    for await (const stream of entries) {
      const entry = entryOf(stream.header);
      const sink = await onEntry(entry);
      if (sink && entry.type === 'file') await pipeline(stream, sink);
      else stream.resume();
    }
    await reading;
  } catch (error) {
    entries.destroy();
    await reading.catch(() => {});
    throw cut(error as NodeJS.ErrnoException) ? incomplete() : error;
  }
}

/** gzip or tar ran out of bytes: the archive was cut short (a full disk, a copy stopped). */
const cut = (error: NodeJS.ErrnoException) =>
  error.code === 'Z_BUF_ERROR' || /unexpected end|premature close/i.test(error.message);
const incomplete = () => new Error('The archive is incomplete (it ends mid-way).');
