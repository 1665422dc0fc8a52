/**
 * News in the console (docs/api-news.md): advisors and admins write, publish and remove
 * articles, manage feeds and run an import. Every change is audited by the service.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { envelopeOf, ok, ZNullEnvelope } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { staffActor, staffOf } from '../../platform/staff-guard.ts';

const tags = ['console: news'];
const security = [{ bearer: [] }];
const ZArticleId = z.object({ id: z.string().max(64, NM.notFound) });
const ZFeedId = z.object({ id: z.uuid(NM.feedNotFound) });
const ZArticleEnvelope = envelopeOf(ZNewsArticleView);
const ZFeedEnvelope = envelopeOf(ZNewsFeedView);
const MOVED = { publish: 'Article published.', unpublish: 'Article unpublished.' } as const;

export function newsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    // ---------- Articles ----------

    app.get(
      '/news/articles',
      {
        config: { access: 'news' },
        schema: {
          tags,
          security,
          querystring: ZNewsConsoleQuery,
          response: { 200: envelopeOf(ZPage(ZNewsArticleView)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.news.listForConsole(request.query));
      },
    );

    app.get(
      '/news/articles/:id',
      {
        config: { access: 'news' },
        schema: { tags, security, params: ZArticleId, response: { 200: ZArticleEnvelope } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.news.articleForConsole(request.params.id));
      },
    );

    app.post(
      '/news/articles',
      {
        config: { access: 'news' },
        schema: { tags, security, body: ZNewsArticleInput, response: { 200: ZArticleEnvelope } },
      },
      async (request) =>
        ok(
          await ctx.news.createDraft(request.body, staffOf(request).staffId, staffActor(request)),
          'Draft saved.',
        ),
    );

    app.post(
      '/news/articles/:id',
      {
        config: { access: 'news' },
        schema: {
          tags,
          security,
          params: ZArticleId,
          body: ZNewsArticleInput,
          response: { 200: ZArticleEnvelope },
        },
      },
      async (request) =>
        ok(
          await ctx.news.updateArticle(request.params.id, request.body, staffActor(request)),
          'Article saved.',
        ),
    );

    for (const action of ['publish', 'unpublish'] as const) {
      app.post(
        `/news/articles/:id/${action}`,
        {
          config: { access: 'news' },
          schema: { tags, security, params: ZArticleId, response: { 200: ZArticleEnvelope } },
        },
        async (request) =>
          ok(
            await ctx.news.moveArticle(request.params.id, action, staffActor(request)),
            MOVED[action],
          ),
      );
    }

    app.post(
      '/news/articles/:id/delete',
      {
        config: { access: 'news' },
        schema: { tags, security, params: ZArticleId, response: { 200: ZNullEnvelope } },
      },
      async (request) => {
        await ctx.news.deleteArticle(request.params.id, staffActor(request));
        return ok(null, 'Article deleted.');
      },
    );

    app.post(
      '/news/articles/:id/image',
      {
        config: { access: 'news', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          description:
            "Multipart field 'file': an image (checked by content), at least 200 px on its short side; re-encoded as JPEG.",
          params: ZArticleId,
          response: { 200: ZArticleEnvelope },
        },
      },
      async (request) => {
        const bytes = await readSingleFile(request);
        return ok(
          await ctx.news.setImage(request.params.id, bytes, staffActor(request)),
          'Image uploaded.',
        );
      },
    );

    app.post(
      '/news/articles/:id/image/remove',
      {
        config: { access: 'news' },
        schema: { tags, security, params: ZArticleId, response: { 200: ZArticleEnvelope } },
      },
      async (request) =>
        ok(await ctx.news.removeImage(request.params.id, staffActor(request)), 'Image removed.'),
    );

    // ---------- Feeds ----------

    app.get(
      '/news/feeds',
      {
        config: { access: 'news' },
        schema: { tags, security, response: { 200: envelopeOf(z.array(ZNewsFeedView)) } },
      },
      async (_request, reply) => {
        noStore(reply);
        return ok(await ctx.news.feeds.list());
      },
    );

    app.post(
      '/news/feeds',
      {
        config: { access: 'news' },
        schema: { tags, security, body: ZNewsFeedInput, response: { 200: ZFeedEnvelope } },
      },
      async (request) =>
        ok(await ctx.news.feeds.add(request.body, staffActor(request)), 'Feed added.'),
    );

    app.post(
      '/news/feeds/:id',
      {
        config: { access: 'news' },
        schema: {
          tags,
          security,
          params: ZFeedId,
          body: ZNewsFeedUpdate,
          response: { 200: ZFeedEnvelope },
        },
      },
      async (request) =>
        ok(
          await ctx.news.feeds.update(request.params.id, request.body, staffActor(request)),
          'Feed saved.',
        ),
    );

    app.post(
      '/news/feeds/:id/delete',
      {
        config: { access: 'news' },
        schema: { tags, security, params: ZFeedId, response: { 200: ZNullEnvelope } },
      },
      async (request) => {
        await ctx.news.feeds.remove(request.params.id, staffActor(request));
        return ok(null, 'Feed removed.');
      },
    );

    app.post(
      '/news/import',
      {
        config: { access: 'news', rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { tags, security, response: { 200: envelopeOf(ZNewsImportResult) } },
      },
      async (request) => {
        const result = await ctx.news.feeds.importNow(staffActor(request));
        return ok(
          result,
          `Imported ${result.imported}, skipped ${result.skipped} already imported.`,
        );
      },
    );
  };
}
