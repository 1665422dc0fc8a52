/**
 * A gzip-compressed tar archive (POSIX ustar, with the GNU base-256 size for files of 8 GiB
 * and more), written and read as streams: what `sampada backup` stores, and what `tar xzf`
 * can open. Only regular files and folders; a name may not climb out of the archive.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

function putString(header: Buffer, offset: number, length: number, value: string) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit ${length} bytes`);
  bytes.copy(header, offset);
}

const putOctal = (header: Buffer, offset: number, length: number, value: number) =>
  putString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);

function putSize(header: Buffer, size: number) {
  if (size <= MAX_OCTAL_SIZE) return putOctal(header, 124, 12, size);
  header[124] = 0x80; // GNU base-256: the remaining 11 bytes hold the size, big-endian
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function headerFor(name: string, type: 'file' | 'dir', size: number, mode: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`tar: the path ${name} is too long`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  putString(header, 0, 100, base);
  putOctal(header, 100, 8, mode & 0o7777);
  putOctal(header, 108, 8, 0);
  putOctal(header, 116, 8, 0);
  putSize(header, size);
  putOctal(header, 136, 12, Math.floor(Date.now() / 1000));
  header.write(type === 'dir' ? '5' : '0', 156, 'latin1');
  header.write('ustar\u000000', 257, 'latin1');
  putString(header, 345, 155, prefix);
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  putString(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

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

export function createTarWriter(file: string): TarWriter {
  const gzip = createGzip({ level: 3 });
  const out = createWriteStream(file, { mode: 0o600 });
  const piped = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  gzip.pipe(out);
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  return {
    async addDirectory(name, mode = 0o700) {
      await write(headerFor(name.endsWith('/') ? name : `${name}/`, 'dir', 0, mode));
    },
    async addBuffer(name, bytes, mode = 0o600) {
      await write(headerFor(name, 'file', bytes.length, mode));
      await write(bytes);
      await write(padding(bytes.length));
    },
    async addFile(name, source, mode) {
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
        await write(headerFor(name, 'file', size, mode ?? info.mode));
        let done = 0;
        const chunk = Buffer.alloc(1024 * 1024);
        while (done < size) {
          const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - done));
          if (bytesRead === 0) break;
          await write(Buffer.from(chunk.subarray(0, bytesRead)));
          done += bytesRead;
        }
        if (done < size) await write(Buffer.alloc(size - done));
        await write(padding(size));
        return true;
      } finally {
        await handle.close();
      }
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await piped;
    },
  };
}

export type TarEntry = { name: string; type: 'file' | 'dir'; size: number; mode: number };

function readSize(header: Buffer): number {
  if ((header[124]! & 0x80) !== 0) {
    let size = 0n;
    for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(header[i]!);
    return Number(size);
  }
  return parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
}

const cString = (header: Buffer, offset: number, length: number) =>
  header.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');

function parseHeader(header: Buffer): TarEntry | null {
  if (header.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  const stored = parseInt(cString(header, 148, 8).trim(), 8);
  if (stored !== sum) throw new Error('The archive is damaged (a header checksum does not match).');
  const prefix = cString(header, 345, 155);
  const base = cString(header, 0, 100);
  const name = prefix ? `${prefix}/${base}` : base;
  const flag = String.fromCharCode(header[156]!);
  const type = flag === '5' ? 'dir' : flag === '0' || flag === '\0' ? 'file' : null;
  if (!type) throw new Error(`The archive holds an entry of a kind not restored: ${name}`);
  if (name.startsWith('/') || name.split('/').includes('..'))
    throw new Error(`The archive holds an unsafe path: ${name}`);
  return {
    name: name.replace(/\/$/, ''),
    type,
    size: readSize(header),
    mode: parseInt(cString(header, 100, 8).trim() || '600', 8),
  };
}

/**
 * Reads an archive written by createTarWriter (or tar czf), calling `onEntry` for each entry
 * in order; for a file it answers where to write the bytes (null: skip them).
 */
export async function readTar(
  file: string,
  onEntry: (entry: TarEntry) => Promise<Writable | null>,
): Promise<void> {
  let buffered: Buffer = Buffer.alloc(0);
  let current: { left: number; pad: number; sink: Writable | null } | null = null;
  let ended = false;
  const source = createReadStream(file).pipe(createGunzip());
  for await (const chunk of source as AsyncIterable<Buffer>) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    while (!ended) {
      if (current) {
        if (current.left > 0) {
          if (buffered.length === 0) break;
          const part = buffered.subarray(0, Math.min(current.left, buffered.length));
          buffered = buffered.subarray(part.length);
          current.left -= part.length;
          if (current.sink && !current.sink.write(part)) await once(current.sink, 'drain');
          continue;
        }
        if (buffered.length < current.pad) break;
        buffered = buffered.subarray(current.pad);
        if (current.sink) {
          const finished = once(current.sink, 'finish');
          current.sink.end();
          await finished;
        }
        current = null;
        continue;
      }
      if (buffered.length < BLOCK) break;
      const entry = parseHeader(buffered.subarray(0, BLOCK));
      buffered = buffered.subarray(BLOCK);
      if (!entry) {
        ended = true;
        break;
      }
      const sink = await onEntry(entry);
      if (entry.type === 'file')
        current = { left: entry.size, pad: padding(entry.size).length, sink };
    }
  }
  if (!ended || current) throw new Error('The archive is incomplete (it ends mid-way).');
}
