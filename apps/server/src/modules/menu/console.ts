/** The client's server-side menu, edited by admins. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMenuEntry, ZMenuReplaceRequest } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { staffActor } from '../../platform/staff-guard.ts';

const tags = ['console: menu'];
const security = [{ bearer: [] }];
const ZMenuEnvelope = envelopeOf(z.array(ZMenuEntry));

export function menuConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/menu',
      { config: { access: 'menu' }, schema: { tags, security, response: { 200: ZMenuEnvelope } } },
      async () => ok(await ctx.menu.listEntries()),
    );
    app.post(
      '/menu',
      {
        config: { access: 'menu' },
        schema: { tags, security, body: ZMenuReplaceRequest, response: { 200: ZMenuEnvelope } },
      },
      async (request) =>
        ok(await ctx.menu.replaceMenu(request.body.items, staffActor(request)), 'Menu saved.'),
    );
  };
}
