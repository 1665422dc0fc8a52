/**
 * Feeds and the import: each enabled feed is fetched and parsed on its own, so a bad feed
 * only records its error; items already imported are skipped by the unique guid, which also
 * keeps two imports racing (two instances, or "Import now" during the periodic run) from
 * inserting anything twice.
 */
import { asc, eq } from 'drizzle-orm';
import {
  NM,
  type TNewsFeedRequest,
  type TNewsFeedUpdate,
  type TNewsFeedView,
  type TNewsImportResult,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { FeedFetcher } from './feed-fetch.ts';
import { parseFeed } from './feed-parser.ts';
import { newsArticles, newsFeeds } from './tables.ts';

type FeedRow = typeof newsFeeds.$inferSelect;
type FeedResult = TNewsImportResult['feeds'][number];

export const toFeedView = (row: FeedRow): TNewsFeedView => ({
  id: row.id,
  url: row.url,
  name: row.name,
  enabled: row.enabled,
  last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
});

/** The dedupe key: the feed's address and the item's own id, so it survives re-adding a feed. */
export const importKey = (feedUrl: string, itemGuid: string) => `${feedUrl} ${itemGuid}`;

export function createFeedService({
  db,
  clock,
  fetchFeed,
}: {
  db: Db;
  clock: Clock;
  fetchFeed: FeedFetcher;
}) {
  async function byId(id: string): Promise<FeedRow> {
    const [row] = await db.select().from(newsFeeds).where(eq(newsFeeds.id, id));
    if (!row) throw notFound(NM.feedNotFound);
    return row;
  }

  /** Fetches, parses and stores one feed; never throws for the feed's own faults. */
  async function importFeed(feed: FeedRow): Promise<FeedResult> {
    const result: FeedResult = {
      feed_id: feed.id,
      name: feed.name,
      imported: 0,
      skipped: 0,
      error: null,
    };
    try {
      const items = parseFeed(await fetchFeed(feed.url));
      const now = clock.now();
      if (items.length) {
        const inserted = await db
          .insert(newsArticles)
          .values(
            items.map((item) => ({
              title: item.title,
              summary: item.summary,
              body: item.body,
              source: feed.name,
              link: item.link,
              status: 'published',
              feedId: feed.id,
              guid: importKey(feed.url, item.guid),
              // A date in the future (a wrong clock at the source) would pin the item on top.
              publishedAt: item.publishedAt && item.publishedAt < now ? item.publishedAt : now,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing({ target: newsArticles.guid })
          .returning({ id: newsArticles.id });
        result.imported = inserted.length;
      }
      result.skipped = items.length - result.imported;
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
    }
    await db
      .update(newsFeeds)
      .set({ lastFetchedAt: clock.now(), lastError: result.error })
      .where(eq(newsFeeds.id, feed.id));
    return result;
  }

  async function runImport(): Promise<TNewsImportResult> {
    const feeds = await db.select().from(newsFeeds).where(eq(newsFeeds.enabled, true));
    const results = await Promise.all(feeds.map(importFeed));
    return {
      imported: results.reduce((sum, r) => sum + r.imported, 0),
      skipped: results.reduce((sum, r) => sum + r.skipped, 0),
      feeds: results,
    };
  }

  let running: Promise<TNewsImportResult> | null = null;

  const service = {
    async list(): Promise<TNewsFeedView[]> {
      const rows = await db.select().from(newsFeeds).orderBy(asc(newsFeeds.createdAt));
      return rows.map(toFeedView);
    },

    async add(input: TNewsFeedRequest, actor: Actor): Promise<TNewsFeedView> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(newsFeeds)
            .values({
              url: input.url,
              name: input.name,
              enabled: input.enabled,
              createdAt: clock.now(),
            })
            .returning();
          await recordAudit(tx, actor, {
            action: 'news.feed_add',
            subjectType: 'news_feed',
            subjectId: row!.id,
            after: { url: row!.url, name: row!.name, enabled: row!.enabled },
          });
          return toFeedView(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'news_feeds_url_unique')) throw conflict(NM.feedExists);
        throw error;
      }
    },

    async update(id: string, input: TNewsFeedUpdate, actor: Actor): Promise<TNewsFeedView> {
      const before = await byId(id);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(newsFeeds)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          })
          .where(eq(newsFeeds.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'news.feed_update',
          subjectType: 'news_feed',
          subjectId: id,
          before: { name: before.name, enabled: before.enabled },
          after: { name: row!.name, enabled: row!.enabled },
        });
        return toFeedView(row!);
      });
    },

    /** Removes the feed; what it imported stays (the articles keep their source name). */
    async remove(id: string, actor: Actor): Promise<void> {
      const before = await byId(id);
      await db.transaction(async (tx) => {
        await tx.delete(newsFeeds).where(eq(newsFeeds.id, id));
        await recordAudit(tx, actor, {
          action: 'news.feed_remove',
          subjectType: 'news_feed',
          subjectId: id,
          before: { url: before.url, name: before.name, enabled: before.enabled },
        });
      });
    },

    /**
     * Imports every enabled feed now. A run already under way is joined rather than doubled;
     * each caller's request is still audited. The timer's runs are audited only when they
     * found something or a feed failed, so a quiet half-hour leaves no row.
     */
    async importNow(actor: Actor): Promise<TNewsImportResult> {
      running ??= runImport().finally(() => {
        running = null;
      });
      const result = await running;
      const eventful = result.imported > 0 || result.feeds.some((f) => f.error);
      if (actor.type !== 'system' || eventful) {
        await recordAudit(db, actor, {
          action: 'news.import',
          subjectType: 'news_feed',
          subjectId: null,
          after: result,
        });
      }
      return result;
    },

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
