/** A client's nominees in the console, read-only, for whoever may see the client. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZNominees } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { viewerOf } from '../../platform/staff-guard.ts';
import { assertSees } from '../../platform/viewer.ts';

const ZClientId = z.object({ id: z.uuid({ error: 'No such client.' }) });

export function nomineesConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: nominees'] });
    kit.query(
      'GET',
      '/clients/:id/nominees',
      { access: 'clients', params: ZClientId, response: ZNominees },
      async (request) => {
        const client = await ctx.clients.byId(request.params.id);
        assertSees(viewerOf(request), client.advisorId);
        return ctx.nominees.of(client.id);
      },
    );
  };
}
