/** The console's list of feeds: added, renamed or switched, removed (each audited). */
import { eq } from 'drizzle-orm';
import {
  NM,
  type TNewsFeedRequest,
  type TNewsFeedUpdate,
  type TNewsFeedView,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { FeedDeps } from './feed-deps.ts';
import { newsFeeds } from './tables.ts';

type FeedRow = typeof newsFeeds.$inferSelect;

export const toFeedView = (row: FeedRow): TNewsFeedView => ({
  id: row.id,
  url: row.url,
  name: row.name,
  enabled: row.enabled,
  last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
});

async function byId(db: Db, id: string): Promise<FeedRow> {
  const [row] = await db.select().from(newsFeeds).where(eq(newsFeeds.id, id));
  if (!row) throw notFound(NM.feedNotFound);
  return row;
}

export async function addFeed(
  { db, clock }: Pick<FeedDeps, 'db' | 'clock'>,
  input: TNewsFeedRequest,
  actor: Actor,
): Promise<TNewsFeedView> {
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
}

export async function updateFeed(
  db: Db,
  id: string,
  input: TNewsFeedUpdate,
  actor: Actor,
): Promise<TNewsFeedView> {
  const before = await byId(db, id);
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
}

/** Removes the feed; what it imported stays (the articles keep their source name). */
export async function removeFeed(db: Db, id: string, actor: Actor): Promise<void> {
  const before = await byId(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(newsFeeds).where(eq(newsFeeds.id, id));
    await recordAudit(tx, actor, {
      action: 'news.feed_remove',
      subjectType: 'news_feed',
      subjectId: id,
      before: { url: before.url, name: before.name, enabled: before.enabled },
    });
  });
}
