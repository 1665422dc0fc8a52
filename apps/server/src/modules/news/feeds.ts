/**
 * Feeds and the import: each enabled feed is fetched and parsed on its own, so a bad feed
 * only records its error; items already imported are skipped by the unique guid, which also
 * keeps two imports racing (two instances, or "Import now" during the periodic run) from
 * inserting anything twice.
 */
import { asc } from 'drizzle-orm';
import type {
  TNewsFeedRequest,
  TNewsFeedUpdate,
  TNewsFeedView,
  TNewsImportResult,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FeedFetcher } from './feed-fetch.ts';
import type { ImportState } from './feed-deps.ts';
import { addFeed, removeFeed, toFeedView, updateFeed } from './feed-editing.ts';
import { importNow } from './feed-import.ts';
import { newsFeeds } from './tables.ts';

export { toFeedView } from './feed-editing.ts';
export { importKey } from './feed-import.ts';

export function createFeedService(deps: { db: Db; clock: Clock; fetchFeed: FeedFetcher }) {
  const { db } = deps;
  const state: ImportState = { running: null };

  const service = {
    async list(): Promise<TNewsFeedView[]> {
      const rows = await db.select().from(newsFeeds).orderBy(asc(newsFeeds.createdAt));
      return rows.map(toFeedView);
    },
    add: (input: TNewsFeedRequest, actor: Actor) => addFeed(deps, input, actor),
    update: (id: string, input: TNewsFeedUpdate, actor: Actor) => updateFeed(db, id, input, actor),
    remove: (id: string, actor: Actor) => removeFeed(db, id, actor),
    importNow: (actor: Actor): Promise<TNewsImportResult> => importNow(deps, state, actor),

    /**
     * Imports every `intervalMs` until stopped. Started by main.ts only (never by buildApp,
     * so tests and the CLI run no timers); a tick with no enabled feed does nothing, and
     * feeds added later are picked up without a restart.
     */
    startPeriodicImport(intervalMs: number, onError: (error: unknown) => void): () => void {
      const timer = setInterval(() => {
        service.importNow({ type: 'system', id: 'news-import' }).catch(onError);
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
  return service;
}

export type FeedService = ReturnType<typeof createFeedService>;
