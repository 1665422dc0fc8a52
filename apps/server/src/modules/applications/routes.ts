/**
 * `GET /client/app/v1/applications` (docs/api-applications.md): every application of the
 * signed-in client, newest first, filterable by kind and status. Only the client's own
 * records are gathered, so there is nothing of anyone else's to ask for.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApplicationList, ZApplicationsQuery } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';

export function applicationRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    app.get(
      '/client/app/v1/applications',
      {
        schema: {
          tags: ['applications'],
          security: [{ bearer: [] }],
          querystring: ZApplicationsQuery,
          response: { 200: envelopeOf(ZApplicationList) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok({
          items: await ctx.applications.listFor(clientOf(request).clientId, request.query),
        });
      },
    );
  };
}
