/** How an article reads to clients, to the console, and to the audit log. */
import {
  APP_NAME,
  type TNewsArticle,
  type TNewsArticleRequest,
  type TNewsArticleView,
  type TNewsStatus,
  type TNewsSummary,
} from '@sampada/shared';
import type { newsArticles } from './tables.ts';

export type ArticleRow = typeof newsArticles.$inferSelect;

/** Who the firm's own articles are from when the editor leaves the source empty. */
export const FIRM_SOURCE = `${APP_NAME} Research`;

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

export const authorEmail = (authors: Map<string, { email: string }>, row: ArticleRow) =>
  authors.get(row.createdByStaffId ?? '')?.email ?? null;

/** What the audit log keeps of an article: everything but the body's text. */
export const snapshot = (row: ArticleRow) => ({
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

export const fieldsOf = (input: TNewsArticleRequest) => ({
  title: input.title,
  summary: input.summary,
  body: input.body,
  symbols: input.symbols,
  source: input.source || FIRM_SOURCE,
  link: input.link ?? null,
});
