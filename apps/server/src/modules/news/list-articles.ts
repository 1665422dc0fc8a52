import { and, arrayContains, desc, eq, ilike, or } from 'drizzle-orm';
import type { TNewsStatus } from '@sampada/shared';
import { containsPattern, pageOf } from '../../platform/cursor.ts';
import { afterCursor, authorsOf } from './article-reads.ts';
import { authorEmail, toArticleView, toSummary } from './article-views.ts';
import type { NewsDeps } from './news-deps.ts';
import { newsArticles } from './tables.ts';

/** Published articles, newest first, optionally those tagged with `symbol`. */
export async function listPublished(
  { db }: Pick<NewsDeps, 'db'>,
  query: { cursor?: string | undefined; limit: number; symbol?: string | undefined },
) {
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
}

/** Every article, newest written first, with the author's email. */
export async function listForConsole(
  { db, staff }: Pick<NewsDeps, 'db' | 'staff'>,
  query: {
    cursor?: string | undefined;
    limit: number;
    status?: TNewsStatus | undefined;
    q?: string | undefined;
  },
) {
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
  const authors = await authorsOf(staff, page.items);
  return {
    items: page.items.map((r) => toArticleView(r, authorEmail(authors, r))),
    next_cursor: page.next_cursor,
  };
}
