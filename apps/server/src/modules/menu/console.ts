/** The client's server-side menu, edited by admins. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZMenuEntry, ZMenuReplaceRequest } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function menuConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: menu'] });
    const response = z.array(ZMenuEntry);
    kit.query('GET', '/menu', { access: 'menu', response }, async () => ctx.menu.listEntries());
    kit.query(
      'POST',
      '/menu',
      { access: 'menu', body: ZMenuReplaceRequest, response, message: 'Menu saved.' },
      async (request) => ctx.menu.replaceMenu(request.body.items, kit.actorOf(request)),
    );
  };
}
