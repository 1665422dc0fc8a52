/** Reading articles: one by id (404 for a malformed one), its console view, a list's cursor. */
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { NM, type TNewsArticleView } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { decodeCursor } from '../../platform/cursor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { type ArticleRow, authorEmail, toArticleView } from './article-views.ts';
import type { NewsDeps } from './news-deps.ts';
import { newsArticles } from './tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows after a (timestamp, id) cursor in newest-first order; 400 for a forged cursor. */
export function afterCursor(cursor: string | undefined, at: AnyPgColumn) {
  const parts = decodeCursor(cursor, 2);
  if (!parts) return undefined;
  const [iso, id] = parts as [string, string];
  if (Number.isNaN(Date.parse(iso)) || !UUID.test(id))
    throw badRequest('The list cursor is not valid. Reload the list.');
  return sql`(${at}, ${newsArticles.id}) < (${iso}::timestamptz, ${id}::uuid)`;
}

export const authorsOf = (staff: NewsDeps['staff'], rows: ArticleRow[]) =>
  staff.namesOf(rows.map((r) => r.createdByStaffId));

export async function articleRow(executor: Executor, id: string): Promise<ArticleRow> {
  if (!UUID.test(id)) throw notFound(NM.notFound);
  const [found] = await executor.select().from(newsArticles).where(eq(newsArticles.id, id));
  if (!found) throw notFound(NM.notFound);
  return found;
}

export async function articleView(
  { db, staff }: Pick<NewsDeps, 'db' | 'staff'>,
  id: string,
): Promise<TNewsArticleView> {
  const [found] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  if (!found) throw notFound(NM.notFound);
  const authors = await authorsOf(staff, [found]);
  return toArticleView(found, authorEmail(authors, found));
}
