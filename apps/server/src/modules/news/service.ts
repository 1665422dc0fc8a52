/**
 * News articles: written in the console as drafts and published by staff, or imported from
 * feeds already published. Clients read published ones only. Images are public (they go
 * with published text) and live under files/news.
 */
import { NM, type TNewsArticle, type TNewsArticleRequest, type TNewsStatus } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { StaffService } from '../staff/service.ts';
import { readArticleImage, removeArticleImage, setArticleImage } from './article-image.ts';
import { type ArticleAction, moveArticle } from './article-lifecycle.ts';
import { articleRow, articleView } from './article-reads.ts';
import { toArticle } from './article-views.ts';
import { createDraft, deleteArticle, seedPublished, updateArticle } from './edit-article.ts';
import { type FeedFetcher, fetchFeedText } from './feed-fetch.ts';
import { createFeedService } from './feeds.ts';
import { listForConsole, listPublished } from './list-articles.ts';
import type { NewsDeps } from './news-deps.ts';

/** The demo install's research notes; only the demo seed calls this. */
export { seedDemoNews } from './demo-articles.ts';
export { ARTICLE_TRANSITIONS, type ArticleAction } from './article-lifecycle.ts';
export { FIRM_SOURCE, imageUrlOf, toArticle, toArticleView, toSummary } from './article-views.ts';

export function createNewsService(options: {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** Authors' emails for the console's views. */
  staff: Pick<StaffService, 'namesOf'>;
  fetchFeed?: FeedFetcher;
  /** Where publishing and unpublishing are announced once committed. */
  events?: TransitionEvents | undefined;
}) {
  const { db, clock, files, staff, events } = options;
  const deps: NewsDeps = { db, clock, files, staff, events };
  const feeds = createFeedService({ db, clock, fetchFeed: options.fetchFeed ?? fetchFeedText });

  return {
    feeds,

    // ---------- Client ----------

    listPublished: (query: {
      cursor?: string | undefined;
      limit: number;
      symbol?: string | undefined;
    }) => listPublished(deps, query),

    /** One published article; a draft is as unknown to clients as a missing one. */
    async publishedArticle(id: string): Promise<TNewsArticle> {
      const found = await articleRow(db, id);
      if (found.status !== 'published') throw notFound(NM.notFound);
      return toArticle(found);
    },

    readImage: (file: string) => readArticleImage(deps, file),

    // ---------- Console ----------

    listForConsole: (query: {
      cursor?: string | undefined;
      limit: number;
      status?: TNewsStatus | undefined;
      q?: string | undefined;
    }) => listForConsole(deps, query),

    async articleForConsole(id: string) {
      await articleRow(db, id);
      return articleView(deps, id);
    },
    createDraft: (input: TNewsArticleRequest, staffId: string, actor: Actor) =>
      createDraft(deps, input, staffId, actor),
    updateArticle: (id: string, input: TNewsArticleRequest, actor: Actor) =>
      updateArticle(deps, id, input, actor),
    moveArticle: (id: string, action: ArticleAction, actor: Actor) =>
      moveArticle(deps, id, action, actor),
    deleteArticle: (id: string, actor: Actor) => deleteArticle(deps, id, actor),
    setImage: (id: string, bytes: Buffer, actor: Actor) => setArticleImage(deps, id, bytes, actor),
    seedPublished: (
      input: TNewsArticleRequest,
      seed: { staffId: string; publishedAt: Date; image?: Buffer },
      actor: Actor,
    ) => seedPublished(deps, input, seed, actor),
    removeImage: (id: string, actor: Actor) => removeArticleImage(deps, id, actor),
  };
}
export type NewsService = ReturnType<typeof createNewsService>;
