/**
 * The file store's contract (decision 033), run against each home: DATA_DIR on disk, chunks in
 * PostgreSQL (a fresh database), and S3 through the AWS SDK against s3rver, a real
 * S3-compatible server run in this process. A file reads back whole and by range; a body that
 * fails half-way leaves nothing visible; a replaced key reads the new bytes; keys lists them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { diskFileStore, type FileStore } from '../../platform/storage.ts';
import { freshPostgresDatabase } from '../../test/helpers.ts';
import { s3rverPartsIn } from '../../test/s3rver-parts.ts';
import { CHUNK_BYTES, postgresFileStore } from './postgres-store.ts';
import { s3FileStore, s3LocationOf } from './s3-store.ts';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sampada-files-'));
  folders.push(dir);
  return dir;
};
let database: Database;
let dropDatabase = async () => {};
let s3: S3rver;
let s3Url = '';
let s3Directory = '';

beforeAll(async () => {
  const fresh = await freshPostgresDatabase();
  dropDatabase = fresh.drop;
  database = await openDatabase({ url: fresh.url, migrate: false });
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: (s3Directory = folder()),
    configureBuckets: [{ name: 'sampada', configs: [] }],
  });
  const { port } = (await s3.run()) as unknown as { port: number };
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/sampada/files`;
}, 60_000);

afterAll(async () => {
  await s3?.close();
  await database?.close();
  await dropDatabase();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A body that yields `good` bytes in 64 KiB pieces and then fails, like a dropped upload. */
async function* failingAfter(good: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < good.length; at += 64 * 1024) yield good.subarray(at, at + 64 * 1024);
  throw new Error('the client went away');
}

async function* pieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const homes: [string, () => FileStore][] = [
  ['disk', () => diskFileStore(folder())],
  ['PostgreSQL', () => postgresFileStore(database.db)],
  ['S3 (s3rver)', () => s3FileStore(s3LocationOf(s3Url))],
];

describe.each(homes)('the file store on %s', (_name, make) => {
  it('reads a streamed file back whole and by ranges across chunk edges', async () => {
    const store = make();
    // Over 5 MiB, so S3 takes the multipart path and PostgreSQL has many chunks.
    const bytes = randomBytes(6 * 1024 * 1024 + 12_345);
    expect(await store.put('videos/big.mp4', pieces(bytes, 100_000))).toBe(bytes.length);
    const file = (await store.open('videos/big.mp4'))!;
    expect(file.size).toBe(bytes.length);
    expect((await bytesOf(file.stream())).equals(bytes)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [CHUNK_BYTES - 10, CHUNK_BYTES + 10],
      [3 * CHUNK_BYTES, 5 * CHUNK_BYTES - 1],
      [bytes.length - 100, bytes.length - 1],
    ] as const) {
      const got = await bytesOf(file.stream({ start, end }));
      expect(got.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  }, 60_000);

  it('keeps nothing of a body that fails half-way, and replaces a key whole', async () => {
    const store = make();
    await expect(
      store.put('private/broken.jpg', failingAfter(randomBytes(6 * 1024 * 1024))),
    ).rejects.toThrow('the client went away');
    expect(await store.get('private/broken.jpg')).toBeNull();
    expect(await store.open('private/broken.jpg')).toBeNull();

    await store.put('news/a.jpg', Buffer.from('first'));
    await store.put('news/a.jpg', Buffer.from('second'));
    expect((await store.get('news/a.jpg'))!.toString()).toBe('second');
    await expect(
      store.put('news/a.jpg', failingAfter(Buffer.from('third, half-way'))),
    ).rejects.toThrow();
    expect((await store.get('news/a.jpg'))!.toString()).toBe('second');

    const keys: string[] = [];
    for await (const key of store.keys()) keys.push(key);
    expect(keys).toContain('news/a.jpg');
    expect(keys).not.toContain('private/broken.jpg');
    await store.remove('news/a.jpg');
    expect(await store.get('news/a.jpg')).toBeNull();
  }, 60_000);
});

describe('the file store on S3, part by part', () => {
  it('reads back bodies of exactly one and two whole parts, and an empty one', async () => {
    const store = s3FileStore(s3LocationOf(s3Url));
    for (const [key, size] of [
      ['videos/one-part.mp4', 5 * 1024 * 1024],
      ['videos/two-parts.mp4', 10 * 1024 * 1024],
      ['news/empty.jpg', 0],
    ] as const) {
      const bytes = randomBytes(size);
      expect(await store.put(key, pieces(bytes, 256 * 1024)), key).toBe(size);
      expect((await store.get(key))!.equals(bytes), key).toBe(true);
    }
  }, 60_000);

  it('sends the first part while the rest of the body is still arriving', async () => {
    const store = s3FileStore(s3LocationOf(s3Url));
    const before = new Set(s3rverPartsIn(s3Directory));
    const partsNow = () => s3rverPartsIn(s3Directory).filter((part) => !before.has(part));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = randomBytes(5 * 1024 * 1024);
    const rest = randomBytes(1024);
    const writing = store.put(
      'videos/stalled.mp4',
      (async function* () {
        yield* pieces(first, 256 * 1024);
        await held; // the client pauses: the store must not wait for it to start
        yield rest;
      })(),
    );
    await vi.waitFor(() => expect(partsNow()).toHaveLength(1), { timeout: 30_000 });
    expect(await store.open('videos/stalled.mp4')).toBeNull();
    release();
    expect(await writing).toBe(first.length + rest.length);
    expect((await store.get('videos/stalled.mp4'))!.equals(Buffer.concat([first, rest]))).toBe(
      true,
    );
  }, 60_000);
});
