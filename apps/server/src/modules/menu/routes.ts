import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMenuItem } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { requireClient } from '../../platform/guards.ts';
import { clientOf } from '../../platform/http.ts';

export function menuRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/auth/app/v1/menu',
      {
        onRequest: requireClient(ctx.auth),
        schema: {
          tags: ['identity'],
          security: [{ bearer: [] }],
          response: { 200: envelopeOf(z.array(ZMenuItem)) },
        },
      },
      async (request) => {
        const row = await ctx.clients.byId(clientOf(request).clientId);
        return ok(await ctx.menu.menuFor(ctx.clients.toProfile(row, null)));
      },
    );
  };
}
