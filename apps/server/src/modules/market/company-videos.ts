/**
 * Company videos (docs/api-market.md "Company videos"): staff upload a short MP4 per company,
 * checked by content (mp4.ts) and capped in size; the client app's company introduction plays
 * it from `/files/videos/<name>.mp4`, served with range requests so the player can seek.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { COMPANY_VIDEO_MAX_BYTES, type TCompanyVideo, VideoMessage } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import {
  bodyIterable,
  type FileBody,
  type FileStore,
  type OpenedFile,
} from '../../platform/storage.ts';
import { afterCommit, inTransaction } from '../../platform/transaction.ts';
import type { MarketEngine } from './engine.ts';
import { isMp4 } from './mp4.ts';
import { companyVideos } from './tables.ts';

export const VIDEO_URL_PREFIX = '/files/videos/';
const FILE_NAME = /^[a-f0-9-]{36}\.mp4$/;
const keyOf = (fileName: string) => `videos/${fileName}`;

/**
 * Passes the body through while holding it (20 MB at most) for the content check at its end:
 * over the cap, or not an MP4, it throws and the store drops what it had written.
 */
async function* checkedMp4(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const seen: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > COMPANY_VIDEO_MAX_BYTES) throw badRequest(VideoMessage.tooLarge);
    seen.push(chunk);
    yield chunk;
  }
  if (!isMp4(Buffer.concat(seen))) throw badRequest(VideoMessage.notMp4);
}

export async function videoRowOf(db: Executor, symbol: string) {
  const [row] = await db.select().from(companyVideos).where(eq(companyVideos.symbol, symbol));
  return row ?? null;
}

/** The company pointed at its new file, audited; the old file goes once that committed. */
async function saveVideoRow(
  { db, clock, files }: { db: Db; clock: Clock; files: FileStore },
  symbol: string,
  { fileName, size }: { fileName: string; size: number },
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    const before = await videoRowOf(tx, symbol);
    const values = {
      symbol,
      fileName,
      sizeBytes: size,
      uploadedBy: actor.id,
      uploadedAt: clock.now(),
    };
    const [saved] = await tx
      .insert(companyVideos)
      .values(values)
      .onConflictDoUpdate({ target: companyVideos.symbol, set: values })
      .returning();
    await recordAudit(tx, actor, {
      action: 'company_video.upload',
      subjectType: 'company',
      subjectId: symbol,
      before: before ? { file: before.fileName, size_bytes: before.sizeBytes } : null,
      after: { file: fileName, size_bytes: size },
    });
    if (before) afterCommit(tx, () => void files.remove(keyOf(before.fileName)));
    return saved!;
  });
}

export function createCompanyVideos(deps: {
  db: Db;
  clock: Clock;
  files: FileStore;
  engine: MarketEngine;
}) {
  const { db, files, engine } = deps;

  function companyOf(symbol: string) {
    const instrument = engine.instrument(symbol);
    if (!instrument || instrument.market !== 'NSE') throw notFound(VideoMessage.companyUnknown);
    return instrument;
  }

  const view = (symbol: string, row: typeof companyVideos.$inferSelect | null): TCompanyVideo => ({
    symbol,
    name: engine.instrument(symbol)?.name ?? symbol,
    url: row ? `${VIDEO_URL_PREFIX}${row.fileName}` : null,
    size_bytes: row?.sizeBytes ?? null,
    uploaded_at: row?.uploadedAt.toISOString() ?? null,
  });

  return {
    /** The URL the company introduction plays, when staff uploaded one. */
    async urlOf(symbol: string): Promise<string | null> {
      const row = await videoRowOf(db, symbol);
      return row ? `${VIDEO_URL_PREFIX}${row.fileName}` : null;
    },

    async get(symbol: string): Promise<TCompanyVideo> {
      companyOf(symbol);
      return view(symbol, await videoRowOf(db, symbol));
    },

    /** Every company that has a video, by symbol. */
    async list(): Promise<TCompanyVideo[]> {
      const rows = await db.select().from(companyVideos).orderBy(asc(companyVideos.symbol));
      return rows.map((row) => view(row.symbol, row));
    },

    /**
     * Streams the file into the store under a new name, then points the company at it; the
     * old file goes. The store keeps nothing of a body that fails its checks half-way.
     */
    async set(symbol: string, body: FileBody, actor: Actor): Promise<TCompanyVideo> {
      companyOf(symbol);
      const fileName = `${randomUUID()}.mp4`;
      const size = await files.put(keyOf(fileName), checkedMp4(bodyIterable(body)));
      try {
        const row = await saveVideoRow(deps, symbol, { fileName, size }, actor);
        return view(symbol, row);
      } catch (error) {
        await files.remove(keyOf(fileName));
        throw error;
      }
    },

    async remove(symbol: string, actor: Actor): Promise<TCompanyVideo> {
      companyOf(symbol);
      await inTransaction(db, async (tx) => {
        const [gone] = await tx
          .delete(companyVideos)
          .where(eq(companyVideos.symbol, symbol))
          .returning();
        if (!gone) throw notFound(VideoMessage.notFound);
        await recordAudit(tx, actor, {
          action: 'company_video.remove',
          subjectType: 'company',
          subjectId: symbol,
          before: { file: gone.fileName, size_bytes: gone.sizeBytes },
        });
        afterCommit(tx, () => void files.remove(keyOf(gone.fileName)));
      });
      return view(symbol, null);
    },

    /** A stored video, opened for streaming, or null (an unknown or malformed name reads as missing). */
    async open(fileName: string): Promise<OpenedFile | null> {
      if (!FILE_NAME.test(fileName)) return null;
      return files.open(keyOf(fileName));
    },
  };
}

export type CompanyVideos = ReturnType<typeof createCompanyVideos>;
