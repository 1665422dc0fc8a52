/** Publishing and unpublishing: a transition table applied by the platform (decision 025). */
import { NM, type TNewsArticleView, type TNewsStatus } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition, lifecycle, type Transition } from '../../platform/transitions.ts';
import { articleRow, articleView } from './article-reads.ts';
import type { NewsDeps } from './news-deps.ts';
import { newsArticles } from './tables.ts';

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

/**
 * Publishes or unpublishes. The firm's own articles are dated when (re)published; an
 * imported one keeps the date its source gave it.
 */
export async function moveArticle(
  deps: NewsDeps,
  id: string,
  action: ArticleAction,
  actor: Actor,
): Promise<TNewsArticleView> {
  await inTransaction(deps.db, async (tx) => {
    const before = await articleRow(tx, id);
    const now = deps.clock.now();
    const publishedAt =
      action === 'publish' ? (before.guid ? (before.publishedAt ?? now) : now) : before.publishedAt;
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
  return articleView(deps, id);
}
