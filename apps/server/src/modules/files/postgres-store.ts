/**
 * Files in PostgreSQL (decision 033): what every instance on one DATABASE_URL can read, and
 * what pg_dump backs up with the rest. Bytes go in 256 KiB chunks as they arrive, each its own
 * statement, so an upload holds no transaction open while a slow client sends it; the file
 * is invisible until its row is marked complete, so a writer killed half-way leaves nothing
 * a reader can see. Reads stream a few chunks at a time, and a range read fetches only the
 * chunks it covers: a video is never loaded whole.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bodyIterable,
  checkKey,
  type ByteRange,
  type FileStore,
  type OpenedFile,
} from '../../platform/storage.ts';
import { storedFileChunks, storedFiles } from './tables.ts';

export const CHUNK_BYTES = 256 * 1024;
/** Chunks fetched per query while streaming: 2 MiB in memory at most. */
const CHUNKS_PER_READ = 8;
/** An incomplete file older than this is a writer that died: no upload runs this long. */
const ABANDONED = sql`now() - interval '1 hour'`;

/** Re-cuts a stream of buffers of any size into CHUNK_BYTES pieces (the last shorter). */
async function* chunked(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of body) {
    pending.push(piece);
    length += piece.length;
    while (length >= CHUNK_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, CHUNK_BYTES);
      pending = [all.subarray(CHUNK_BYTES)];
      length = pending[0]!.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}

async function write(db: Db, fileId: string, body: AsyncIterable<Buffer>): Promise<number> {
  let seq = 0;
  let size = 0;
  for await (const chunk of chunked(body)) {
    await db.insert(storedFileChunks).values({ fileId, seq, data: chunk });
    seq += 1;
    size += chunk.length;
  }
  return size;
}

/** Marks the file complete and drops the one it replaces, in one transaction. */
async function complete(db: Db, fileId: string, key: string, size: number) {
  await db.transaction(async (tx) => {
    await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.key, key), isNotNull(storedFiles.completedAt)));
    await tx
      .update(storedFiles)
      .set({ size, completedAt: sql`now()` })
      .where(eq(storedFiles.id, fileId));
  });
}

async function* chunksOf(db: Db, fileId: string, first: number, last: number) {
  for (let from = first; from <= last; from += CHUNKS_PER_READ) {
    const to = Math.min(last, from + CHUNKS_PER_READ - 1);
    const rows = await db
      .select({ seq: storedFileChunks.seq, data: storedFileChunks.data })
      .from(storedFileChunks)
      .where(
        and(
          eq(storedFileChunks.fileId, fileId),
          sql`${storedFileChunks.seq} between ${from} and ${to}`,
        ),
      )
      .orderBy(asc(storedFileChunks.seq));
    // A file replaced or removed while it was being read ends the stream with an error.
    if (rows.length !== to - from + 1) throw new Error('The file changed while it was read.');
    for (const row of rows) yield row;
  }
}

function streamOf(db: Db, fileId: string, size: number, range?: ByteRange): Readable {
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  if (size === 0 || end < start) return Readable.from([]);
  const first = Math.floor(start / CHUNK_BYTES);
  const last = Math.floor(end / CHUNK_BYTES);
  return Readable.from(
    (async function* () {
      for await (const { seq, data } of chunksOf(db, fileId, first, last)) {
        const offset = seq * CHUNK_BYTES;
        yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
      }
    })(),
  );
}

async function openFile(db: Db, key: string): Promise<OpenedFile | null> {
  const [row] = await db
    .select({ id: storedFiles.id, size: storedFiles.size })
    .from(storedFiles)
    .where(and(eq(storedFiles.key, checkKey(key)), isNotNull(storedFiles.completedAt)));
  if (!row) return null;
  const size = row.size ?? 0;
  return { size, stream: (range) => streamOf(db, row.id, size, range) };
}

export function postgresFileStore(db: Db): FileStore {
  return {
    kind: 'postgres',
    async put(key, body) {
      checkKey(key);
      await db
        .delete(storedFiles)
        .where(and(isNull(storedFiles.completedAt), lt(storedFiles.createdAt, ABANDONED)));
      const [row] = await db.insert(storedFiles).values({ key }).returning({ id: storedFiles.id });
      const fileId = row!.id;
      try {
        const size = await write(db, fileId, bodyIterable(body));
        await complete(db, fileId, key, size);
        return size;
      } catch (error) {
        await db.delete(storedFiles).where(eq(storedFiles.id, fileId));
        throw error;
      }
    },
    async get(key) {
      const file = await openFile(db, key);
      if (!file) return null;
      const parts: Buffer[] = [];
      for await (const part of file.stream()) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },
    open: (key) => openFile(db, key),
    async remove(key) {
      await db
        .delete(storedFiles)
        .where(and(eq(storedFiles.key, checkKey(key)), isNotNull(storedFiles.completedAt)));
    },
    async *keys() {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: storedFiles.key })
          .from(storedFiles)
          .where(and(isNotNull(storedFiles.completedAt), gt(storedFiles.key, after)))
          .orderBy(asc(storedFiles.key))
          .limit(500);
        for (const row of rows) yield row.key;
        if (rows.length < 500) return;
        after = rows.at(-1)!.key;
      }
    },
  };
}
