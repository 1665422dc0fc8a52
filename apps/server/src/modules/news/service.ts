/**
 * News articles: written in the console as drafts and published by staff, or imported from
 * feeds already published. Clients read published ones only. Images are public (they go
 * with published text) and live under files/news.
 */
import { randomUUID } from 'node:crypto';
import { and, arrayContains, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  APP_NAME,
  NM,
  type TNewsArticle,
  type TNewsArticleRequest,
  type TNewsArticleView,
  type TNewsStatus,
  type TNewsSummary,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { containsPattern, decodeCursor, pageOf } from '../../platform/cursor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import { inTransaction } from '../../platform/transaction.ts';
import {
  applyTransition,
  lifecycle,
  type Transition,
  type TransitionEvents,
} from '../../platform/transitions.ts';
import type { StaffService } from '../staff/service.ts';
import { type ImageRule, reencodeImage } from '../uploads/service.ts';
import { type FeedFetcher, fetchFeedText } from './feed-fetch.ts';
import { createFeedService } from './feeds.ts';
import { newsArticles } from './tables.ts';

/** The demo install's research notes; only the demo seed calls this. */
export { seedDemoNews } from './demo-articles.ts';

type ArticleRow = typeof newsArticles.$inferSelect;

/** Who the firm's own articles are from when the editor leaves the source empty. */
export const FIRM_SOURCE = `${APP_NAME} Research`;
const IMAGE_RULE: ImageRule = { minSide: 200, maxSide: 1600, square: false };
const IMAGE_FILE = /^[0-9a-f-]{36}\.jpg$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ArticleAction = 'publish' | 'unpublish';

/** Which status each action needs and gives, and what it says when the status is elsewhere. */
export const ARTICLE_TRANSITIONS: Record<
  ArticleAction,
  Transition<TNewsStatus> & { refusal: string }
> = {
  publish: { from: ['draft'], to: 'published', refusal: NM.alreadyPublished },
  unpublish: { from: ['published'], to: 'draft', refusal: NM.notPublished },
};

const ARTICLE = lifecycle({
  name: 'news',
  subject: 'news_article',
  table: newsArticles,
  state: { field: 'status' },
  transitions: ARTICLE_TRANSITIONS,
  refuse: (action) => badRequest(ARTICLE_TRANSITIONS[action].refusal),
});

export const imageUrlOf = (file: string | null) => (file ? `/files/news/${file}` : null);

export function toSummary(row: ArticleRow): TNewsSummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    image_url: imageUrlOf(row.imageFile),
    source: row.source,
    link: row.link,
    symbols: row.symbols,
    published_at: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

export const toArticle = (row: ArticleRow): TNewsArticle => ({ ...toSummary(row), body: row.body });

export function toArticleView(row: ArticleRow, author: string | null): TNewsArticleView {
  return {
    ...toArticle(row),
    status: row.status as TNewsStatus,
    published_at: row.publishedAt?.toISOString() ?? null,
    imported: row.guid !== null,
    created_by: author,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const authorEmail = (authors: Map<string, { email: string }>, row: ArticleRow) =>
  authors.get(row.createdByStaffId ?? '')?.email ?? null;

/** What the audit log keeps of an article: everything but the body's text. */
const snapshot = (row: ArticleRow) => ({
  title: row.title,
  summary: row.summary,
  body_length: row.body.length,
  symbols: row.symbols,
  source: row.source,
  link: row.link,
  status: row.status,
  image_file: row.imageFile,
  published_at: row.publishedAt?.toISOString() ?? null,
});

/** Rows after a (timestamp, id) cursor in newest-first order; 400 for a forged cursor. */
function afterCursor(cursor: string | undefined, at: AnyPgColumn) {
  const parts = decodeCursor(cursor, 2);
  if (!parts) return undefined;
  const [iso, id] = parts as [string, string];
  if (Number.isNaN(Date.parse(iso)) || !UUID.test(id))
    throw badRequest('The list cursor is not valid. Reload the list.');
  return sql`(${at}, ${newsArticles.id}) < (${iso}::timestamptz, ${id}::uuid)`;
}

export function createNewsService(deps: {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** Authors' emails for the console's views. */
  staff: Pick<StaffService, 'namesOf'>;
  fetchFeed?: FeedFetcher;
  /** Where publishing and unpublishing are announced once committed. */
  events?: TransitionEvents | undefined;
}) {
  const { db, clock, files, staff } = deps;
  const authorsOf = (rows: ArticleRow[]) => staff.namesOf(rows.map((r) => r.createdByStaffId));
  const feeds = createFeedService({ db, clock, fetchFeed: deps.fetchFeed ?? fetchFeedText });

  async function row(executor: Executor, id: string): Promise<ArticleRow> {
    if (!UUID.test(id)) throw notFound(NM.notFound);
    const [found] = await executor.select().from(newsArticles).where(eq(newsArticles.id, id));
    if (!found) throw notFound(NM.notFound);
    return found;
  }

  async function view(id: string): Promise<TNewsArticleView> {
    const [found] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
    if (!found) throw notFound(NM.notFound);
    const authors = await authorsOf([found]);
    return toArticleView(found, authorEmail(authors, found));
  }

  const fieldsOf = (input: TNewsArticleRequest) => ({
    title: input.title,
    summary: input.summary,
    body: input.body,
    symbols: input.symbols,
    source: input.source || FIRM_SOURCE,
    link: input.link ?? null,
  });

  return {
    feeds,

    // ---------- Client ----------

    /** Published articles, newest first, optionally those tagged with `symbol`. */
    async listPublished(query: {
      cursor?: string | undefined;
      limit: number;
      symbol?: string | undefined;
    }) {
      const rows = await db
        .select()
        .from(newsArticles)
        .where(
          and(
            eq(newsArticles.status, 'published'),
            query.symbol ? arrayContains(newsArticles.symbols, [query.symbol]) : undefined,
            afterCursor(query.cursor, newsArticles.publishedAt),
          ),
        )
        .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (r) => [r.publishedAt!.toISOString(), r.id]);
      return { items: page.items.map(toSummary), next_cursor: page.next_cursor };
    },

    /** One published article; a draft is as unknown to clients as a missing one. */
    async publishedArticle(id: string): Promise<TNewsArticle> {
      const found = await row(db, id);
      if (found.status !== 'published') throw notFound(NM.notFound);
      return toArticle(found);
    },

    async readImage(file: string): Promise<Buffer | null> {
      return IMAGE_FILE.test(file) ? files.get(`news/${file}`) : null;
    },

    // ---------- Console ----------

    /** Every article, newest written first, with the author's email. */
    async listForConsole(query: {
      cursor?: string | undefined;
      limit: number;
      status?: TNewsStatus | undefined;
      q?: string | undefined;
    }) {
      const rows = await db
        .select()
        .from(newsArticles)
        .where(
          and(
            query.status ? eq(newsArticles.status, query.status) : undefined,
            query.q
              ? or(
                  ilike(newsArticles.title, containsPattern(query.q)),
                  ilike(newsArticles.source, containsPattern(query.q)),
                )
              : undefined,
            afterCursor(query.cursor, newsArticles.createdAt),
          ),
        )
        .orderBy(desc(newsArticles.createdAt), desc(newsArticles.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (r) => [r.createdAt.toISOString(), r.id]);
      const authors = await authorsOf(page.items);
      return {
        items: page.items.map((r) => toArticleView(r, authorEmail(authors, r))),
        next_cursor: page.next_cursor,
      };
    },

    async articleForConsole(id: string): Promise<TNewsArticleView> {
      await row(db, id);
      return view(id);
    },

    async createDraft(
      input: TNewsArticleRequest,
      staffId: string,
      actor: Actor,
    ): Promise<TNewsArticleView> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(newsArticles)
          .values({
            ...fieldsOf(input),
            status: 'draft',
            createdByStaffId: staffId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'news.create',
          subjectType: 'news_article',
          subjectId: created!.id,
          after: snapshot(created!),
        });
        return created!.id;
      });
      return view(id);
    },

    async updateArticle(
      id: string,
      input: TNewsArticleRequest,
      actor: Actor,
    ): Promise<TNewsArticleView> {
      await db.transaction(async (tx) => {
        const before = await row(tx, id);
        const [after] = await tx
          .update(newsArticles)
          .set({ ...fieldsOf(input), updatedAt: clock.now() })
          .where(eq(newsArticles.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'news.update',
          subjectType: 'news_article',
          subjectId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
      });
      return view(id);
    },

    /**
     * Publishes or unpublishes. The firm's own articles are dated when (re)published; an
     * imported one keeps the date its source gave it.
     */
    async moveArticle(id: string, action: ArticleAction, actor: Actor): Promise<TNewsArticleView> {
      await inTransaction(db, async (tx) => {
        const before = await row(tx, id);
        const now = clock.now();
        const publishedAt =
          action === 'publish'
            ? before.guid
              ? (before.publishedAt ?? now)
              : now
            : before.publishedAt;
        await applyTransition(tx, ARTICLE, action, {
          id,
          at: now,
          set: { publishedAt, updatedAt: now },
          async effect() {
            if (action === 'publish' && (!before.summary || !before.body))
              throw badRequest(NM.publishNeedsText);
          },
          audit: {
            actor,
            details: (after) => ({ published_at: after.publishedAt?.toISOString() }),
          },
          events: deps.events,
        });
      });
      return view(id);
    },

    /**
     * Deletes the article and its image. An imported item that its feed still lists comes
     * back at the next import; unpublishing hides it for good.
     */
    async deleteArticle(id: string, actor: Actor): Promise<void> {
      const before = await db.transaction(async (tx) => {
        const found = await row(tx, id);
        await tx.delete(newsArticles).where(eq(newsArticles.id, id));
        await recordAudit(tx, actor, {
          action: 'news.delete',
          subjectType: 'news_article',
          subjectId: id,
          before: snapshot(found),
        });
        return found;
      });
      if (before.imageFile) await files.remove(`news/${before.imageFile}`);
    },

    /** Checks the image by content, re-encodes it and makes it the article's picture. */
    async setImage(id: string, bytes: Buffer, actor: Actor): Promise<TNewsArticleView> {
      await row(db, id);
      const output = await reencodeImage(bytes, IMAGE_RULE);
      const file = `${randomUUID()}.jpg`;
      await files.put(`news/${file}`, output.data);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const before = await row(tx, id);
          await tx
            .update(newsArticles)
            .set({ imageFile: file, updatedAt: clock.now() })
            .where(eq(newsArticles.id, id));
          await recordAudit(tx, actor, {
            action: 'news.image',
            subjectType: 'news_article',
            subjectId: id,
            before: { image_file: before.imageFile },
            after: {
              image_file: file,
              width: output.info.width,
              height: output.info.height,
              bytes: output.data.length,
            },
          });
          return before.imageFile;
        });
      } catch (error) {
        await files.remove(`news/${file}`);
        throw error;
      }
      if (previous) await files.remove(`news/${previous}`);
      return view(id);
    },

    /** The demo seed's notes: published at a given (past) time, with an optional picture. */
    async seedPublished(
      input: TNewsArticleRequest,
      options: { staffId: string; publishedAt: Date; image?: Buffer },
      actor: Actor,
    ): Promise<TNewsArticleView> {
      const draft = await this.createDraft(input, options.staffId, actor);
      if (options.image) await this.setImage(draft.id, options.image, actor);
      await db.transaction(async (tx) => {
        await tx
          .update(newsArticles)
          .set({ status: 'published', publishedAt: options.publishedAt })
          .where(eq(newsArticles.id, draft.id));
        await recordAudit(tx, actor, {
          action: 'news.publish',
          subjectType: 'news_article',
          subjectId: draft.id,
          before: { status: 'draft' },
          after: { status: 'published', published_at: options.publishedAt.toISOString() },
        });
      });
      return view(draft.id);
    },

    async removeImage(id: string, actor: Actor): Promise<TNewsArticleView> {
      const previous = await db.transaction(async (tx) => {
        const before = await row(tx, id);
        if (!before.imageFile) return null;
        await tx
          .update(newsArticles)
          .set({ imageFile: null, updatedAt: clock.now() })
          .where(eq(newsArticles.id, id));
        await recordAudit(tx, actor, {
          action: 'news.image_remove',
          subjectType: 'news_article',
          subjectId: id,
          before: { image_file: before.imageFile },
        });
        return before.imageFile;
      });
      if (previous) await files.remove(`news/${previous}`);
      return view(id);
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;
