/** News for signed-in clients (docs/api-market.md "News — client") and its public images. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NM, ZNewsArticle, ZNewsListQuery, ZNewsSummary, ZPage } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireClient } from '../../platform/guards.ts';

const tags = ['news'];
const security = [{ bearer: [] }];

export function newsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/news/app/v1/articles',
      {
        onRequest: requireClient(ctx.auth),
        schema: {
          tags,
          security,
          description: 'Published articles, newest first; `symbol` keeps those tagged with it.',
          querystring: ZNewsListQuery,
          response: { 200: envelopeOf(ZPage(ZNewsSummary)) },
        },
      },
      async (request) => ok(await ctx.news.listPublished(request.query)),
    );

    app.get(
      '/news/app/v1/articles/:id',
      {
        onRequest: requireClient(ctx.auth),
        schema: {
          tags,
          security,
          params: z.object({ id: z.string().max(64) }),
          response: { 200: envelopeOf(ZNewsArticle) },
        },
      },
      async (request) => ok(await ctx.news.publishedArticle(request.params.id)),
    );

    // Public like the articles' text once published; names are random, so nothing is guessable.
    app.get(
      '/files/news/:file',
      { schema: { tags: ['files'], params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        const bytes = await ctx.news.readImage(request.params.file);
        if (!bytes) throw notFound(NM.notFound);
        return reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .type('image/jpeg')
          .send(bytes);
      },
    );
  };
}
