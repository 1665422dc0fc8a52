/** The import: every enabled feed fetched and stored on its own, a run joined, not doubled. */
import { eq } from 'drizzle-orm';
import type { TNewsImportResult } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { FeedDeps, ImportState } from './feed-deps.ts';
import { parseFeed } from './feed-parser.ts';
import { newsArticles, newsFeeds } from './tables.ts';

type FeedRow = typeof newsFeeds.$inferSelect;
type FeedResult = TNewsImportResult['feeds'][number];

/** The dedupe key: the feed's address and the item's own id, so it survives re-adding a feed. */
export const importKey = (feedUrl: string, itemGuid: string) => `${feedUrl} ${itemGuid}`;

/** Fetches, parses and stores one feed; never throws for the feed's own faults. */
async function importFeed({ db, clock, fetchFeed }: FeedDeps, feed: FeedRow): Promise<FeedResult> {
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

async function runImport(deps: FeedDeps): Promise<TNewsImportResult> {
  const feeds = await deps.db.select().from(newsFeeds).where(eq(newsFeeds.enabled, true));
  const results = await Promise.all(feeds.map((feed) => importFeed(deps, feed)));
  return {
    imported: results.reduce((sum, r) => sum + r.imported, 0),
    skipped: results.reduce((sum, r) => sum + r.skipped, 0),
    feeds: results,
  };
}

/**
 * Imports every enabled feed now. A run already under way is joined rather than doubled;
 * each caller's request is still audited. The timer's runs are audited only when they
 * found something or a feed failed, so a quiet half-hour leaves no row.
 */
export async function importNow(
  deps: FeedDeps,
  state: ImportState,
  actor: Actor,
): Promise<TNewsImportResult> {
  state.running ??= runImport(deps).finally(() => {
    state.running = null;
  });
  const result = await state.running;
  const eventful = result.imported > 0 || result.feeds.some((f) => f.error);
  if (actor.type !== 'system' || eventful) {
    await recordAudit(deps.db, actor, {
      action: 'news.import',
      subjectType: 'news_feed',
      subjectId: null,
      after: result,
    });
  }
  return result;
}
