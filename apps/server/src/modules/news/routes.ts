/** News for signed-in clients (docs/api-market.md "News — client") and its public images. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NM, ZNewsArticle, ZNewsListQuery, ZNewsSummary, ZPage } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { publicFile } from '../../platform/http.ts';

export function newsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['news'] });
    const files = routeKit(instance, { kind: 'public' }, { tags: ['files'] });

    kit.query(
      'GET',
      '/news/app/v1/articles',
      {
        description: 'Published articles, newest first; `symbol` keeps those tagged with it.',
        querystring: ZNewsListQuery,
        response: ZPage(ZNewsSummary),
      },
      async (request) => ctx.news.listPublished(request.query),
    );

    kit.query(
      'GET',
      '/news/app/v1/articles/:id',
      { params: z.object({ id: z.string().max(64) }), response: ZNewsArticle },
      async (request) => ctx.news.publishedArticle(request.params.id),
    );

    // Public like the articles' text once published; names are random, so nothing is guessable.
    files.raw(
      'GET',
      '/files/news/:file',
      { cacheable: true, params: z.object({ file: z.string() }) },
      async (request, reply) => {
        const bytes = await ctx.news.readImage(request.params.file);
        if (!bytes) throw notFound(NM.notFound);
        return publicFile(reply, 'image/jpeg').send(bytes);
      },
    );
  };
}
