import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicSettings } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';

export function settingsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    instance
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/system/app/v1/settings',
        { schema: { tags: ['system'], response: { 200: envelopeOf(ZPublicSettings) } } },
        async () => ok(await ctx.settings.publicSettings()),
      );
  };
}
