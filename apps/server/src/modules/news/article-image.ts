/** An article's picture: checked by content, re-encoded, public under files/news. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TNewsArticleView } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { type ImageRule, reencodeImage } from '../uploads/service.ts';
import { articleRow, articleView } from './article-reads.ts';
import type { NewsDeps } from './news-deps.ts';
import { newsArticles } from './tables.ts';

const IMAGE_RULE: ImageRule = { minSide: 200, maxSide: 1600, square: false };
const IMAGE_FILE = /^[0-9a-f-]{36}\.jpg$/;

export async function readArticleImage(
  { files }: Pick<NewsDeps, 'files'>,
  file: string,
): Promise<Buffer | null> {
  return IMAGE_FILE.test(file) ? files.get(`news/${file}`) : null;
}

/** Checks the image by content, re-encodes it and makes it the article's picture. */
export async function setArticleImage(
  deps: NewsDeps,
  id: string,
  bytes: Buffer,
  actor: Actor,
): Promise<TNewsArticleView> {
  const { db, clock, files } = deps;
  await articleRow(db, id);
  const output = await reencodeImage(bytes, IMAGE_RULE);
  const file = `${randomUUID()}.jpg`;
  await files.put(`news/${file}`, output.data);
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const before = await articleRow(tx, id);
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
  return articleView(deps, id);
}

export async function removeArticleImage(
  deps: NewsDeps,
  id: string,
  actor: Actor,
): Promise<TNewsArticleView> {
  const { db, clock, files } = deps;
  const previous = await db.transaction(async (tx) => {
    const before = await articleRow(tx, id);
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
  return articleView(deps, id);
}
