/**
 * `GET /client/app/v1/applications` (docs/api-applications.md): every application of the
 * signed-in client, newest first, filterable by kind and status. Only the client's own
 * records are gathered, so there is nothing of anyone else's to ask for.
 */
import type { FastifyInstance } from 'fastify';
import { ZApplicationList, ZApplicationsQuery } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function applicationRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['applications'] });
    kit.query(
      'GET',
      '/client/app/v1/applications',
      { querystring: ZApplicationsQuery, response: ZApplicationList },
      async (request) => ({
        items: await ctx.applications.listFor(clientOf(request).clientId, request.query),
      }),
    );
  };
}
