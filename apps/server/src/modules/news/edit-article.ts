/** The console's editor: drafts written, changed, deleted; the demo's notes seeded. */
import { eq } from 'drizzle-orm';
import type { TNewsArticleRequest, TNewsArticleView } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { setArticleImage } from './article-image.ts';
import { articleRow, articleView } from './article-reads.ts';
import { fieldsOf, snapshot } from './article-views.ts';
import type { NewsDeps } from './news-deps.ts';
import { newsArticles } from './tables.ts';

export async function createDraft(
  deps: NewsDeps,
  input: TNewsArticleRequest,
  staffId: string,
  actor: Actor,
): Promise<TNewsArticleView> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
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
  return articleView(deps, id);
}

export async function updateArticle(
  deps: NewsDeps,
  id: string,
  input: TNewsArticleRequest,
  actor: Actor,
): Promise<TNewsArticleView> {
  await deps.db.transaction(async (tx) => {
    const before = await articleRow(tx, id);
    const [after] = await tx
      .update(newsArticles)
      .set({ ...fieldsOf(input), updatedAt: deps.clock.now() })
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
  return articleView(deps, id);
}

/**
 * Deletes the article and its image. An imported item that its feed still lists comes
 * back at the next import; unpublishing hides it for good.
 */
export async function deleteArticle(
  { db, files }: Pick<NewsDeps, 'db' | 'files'>,
  id: string,
  actor: Actor,
): Promise<void> {
  const before = await db.transaction(async (tx) => {
    const found = await articleRow(tx, id);
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
}

/** The demo seed's notes: published at a given (past) time, with an optional picture. */
export async function seedPublished(
  deps: NewsDeps,
  input: TNewsArticleRequest,
  options: { staffId: string; publishedAt: Date; image?: Buffer },
  actor: Actor,
): Promise<TNewsArticleView> {
  const draft = await createDraft(deps, input, options.staffId, actor);
  if (options.image) await setArticleImage(deps, draft.id, options.image, actor);
  await deps.db.transaction(async (tx) => {
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
  return articleView(deps, draft.id);
}
