/**
 * News in the console (docs/api-news.md): advisors and admins write, publish and remove
 * articles, manage feeds and run an import. Every change is audited by the service.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  NM,
  ZNewsArticleInput,
  ZNewsArticleView,
  ZNewsConsoleQuery,
  ZNewsFeedInput,
  ZNewsFeedUpdate,
  ZNewsFeedView,
  ZNewsImportResult,
  ZPage,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../platform/envelope.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { staffOf } from '../../platform/staff-guard.ts';

const ZArticleId = z.object({ id: z.string().max(64, NM.notFound) });
const ZFeedId = idParam(NM.feedNotFound);
const MOVED = { publish: 'Article published.', unpublish: 'Article unpublished.' } as const;
const access = 'news';
type News = AppContext['news'];

function registerArticleRoutes(kit: RouteKit, news: News) {
  // ---------- Articles ----------

  kit.query(
    'GET',
    '/news/articles',
    { access, querystring: ZNewsConsoleQuery, response: ZPage(ZNewsArticleView) },
    async (request) => news.listForConsole(request.query),
  );

  kit.query(
    'GET',
    '/news/articles/:id',
    { access, params: ZArticleId, response: ZNewsArticleView },
    async (request) => news.articleForConsole(request.params.id),
  );

  kit.query(
    'POST',
    '/news/articles',
    { access, body: ZNewsArticleInput, response: ZNewsArticleView, message: 'Draft saved.' },
    async (request) =>
      news.createDraft(request.body, staffOf(request).staffId, kit.actorOf(request)),
  );

  kit.query(
    'POST',
    '/news/articles/:id',
    {
      access,
      params: ZArticleId,
      body: ZNewsArticleInput,
      response: ZNewsArticleView,
      message: 'Article saved.',
    },
    async (request) => news.updateArticle(request.params.id, request.body, kit.actorOf(request)),
  );

  for (const action of ['publish', 'unpublish'] as const) {
    kit.query(
      'POST',
      `/news/articles/:id/${action}`,
      { access, params: ZArticleId, response: ZNewsArticleView, message: MOVED[action] },
      async (request) => news.moveArticle(request.params.id, action, kit.actorOf(request)),
    );
  }

  kit.query(
    'POST',
    '/news/articles/:id/delete',
    { access, params: ZArticleId, response: z.null(), message: 'Article deleted.' },
    async (request) => {
      await news.deleteArticle(request.params.id, kit.actorOf(request));
      return null;
    },
  );
}

function registerArticleImageRoutes(kit: RouteKit, news: News) {
  kit.query(
    'POST',
    '/news/articles/:id/image',
    {
      access,
      perMinute: 30,
      consumes: ['multipart/form-data'],
      description:
        "Multipart field 'file': an image (checked by content), at least 200 px on its short side; re-encoded as JPEG.",
      params: ZArticleId,
      response: ZNewsArticleView,
      message: 'Image uploaded.',
    },
    async (request) => {
      const bytes = await readSingleFile(request);
      return news.setImage(request.params.id, bytes, kit.actorOf(request));
    },
  );

  kit.query(
    'POST',
    '/news/articles/:id/image/remove',
    { access, params: ZArticleId, response: ZNewsArticleView, message: 'Image removed.' },
    async (request) => news.removeImage(request.params.id, kit.actorOf(request)),
  );
}

function registerFeedRoutes(kit: RouteKit, news: News) {
  // ---------- Feeds ----------

  kit.query('GET', '/news/feeds', { access, response: z.array(ZNewsFeedView) }, async () =>
    news.feeds.list(),
  );

  kit.query(
    'POST',
    '/news/feeds',
    { access, body: ZNewsFeedInput, response: ZNewsFeedView, message: 'Feed added.' },
    async (request) => news.feeds.add(request.body, kit.actorOf(request)),
  );

  kit.query(
    'POST',
    '/news/feeds/:id',
    {
      access,
      params: ZFeedId,
      body: ZNewsFeedUpdate,
      response: ZNewsFeedView,
      message: 'Feed saved.',
    },
    async (request) => news.feeds.update(request.params.id, request.body, kit.actorOf(request)),
  );

  kit.query(
    'POST',
    '/news/feeds/:id/delete',
    { access, params: ZFeedId, response: z.null(), message: 'Feed removed.' },
    async (request) => {
      await news.feeds.remove(request.params.id, kit.actorOf(request));
      return null;
    },
  );

  // The message counts what the import did, so the handler answers the envelope itself.
  kit.raw(
    'POST',
    '/news/import',
    { access, perMinute: 10, response: ZNewsImportResult },
    async (request) => {
      const result = await news.feeds.importNow(kit.actorOf(request));
      return ok(result, `Imported ${result.imported}, skipped ${result.skipped} already imported.`);
    },
  );
}

export function newsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { news } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: news'] });
    registerArticleRoutes(kit, news);
    registerArticleImageRoutes(kit, news);
    registerFeedRoutes(kit, news);
  };
}
