/**
 * The console's API reference, for signed-in staff only (issue 32): the OpenAPI document of the
 * console's routes. The public /docs leaves them out (platform/api-reference.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { staffReference } from '../../platform/api-reference.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function apiReferenceConsole(_ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: reference'] });
    kit.raw(
      'GET',
      '/reference/openapi.json',
      {
        access: 'session',
        produces: ['application/json'],
        description: 'The OpenAPI document of the console API itself (not the JSON envelope).',
      },
      async (_request, reply) =>
        reply.type('application/json').send(staffReference(instance.swagger())),
    );
  };
}
