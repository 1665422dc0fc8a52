/**
 * The console's client view. Admin, operations and support see every client; an advisor
 * sees only their own. Only admin and the client's advisor change flags and scores. The
 * services apply the viewer's scope (docs/decisions/010).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ZClientAdjustmentRequest,
  ZClientDetail,
  ZClientFlagsRequest,
  ZClientListItem,
  ZClientListQuery,
  ZPage,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { baseUrlOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { ZClientIdParam } from '../../platform/route-params.ts';
import { viewerOf } from '../../platform/staff-guard.ts';

export function clientsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: clients'] });
    const detail = (request: FastifyRequest, id: string) =>
      ctx.clientViews.detail(viewerOf(request), id, baseUrlOf(ctx.config, request));

    kit.query(
      'GET',
      '/clients',
      { access: 'clients', querystring: ZClientListQuery, response: ZPage(ZClientListItem) },
      async (request) => ctx.clientViews.list(viewerOf(request), request.query),
    );

    kit.query(
      'GET',
      '/clients/:id',
      { access: 'clients', params: ZClientIdParam, response: ZClientDetail },
      async (request) => detail(request, request.params.id),
    );

    kit.query(
      'POST',
      '/clients/:id/flags',
      {
        access: 'clientEdit',
        params: ZClientIdParam,
        body: ZClientFlagsRequest,
        response: ZClientDetail,
        message: 'Flags saved.',
      },
      async (request) => {
        const { id } = request.params;
        await ctx.clients.setFlags(viewerOf(request), id, request.body, kit.actorOf(request));
        return detail(request, id);
      },
    );

    kit.query(
      'POST',
      '/clients/:id/adjustments',
      {
        access: 'clientEdit',
        params: ZClientIdParam,
        body: ZClientAdjustmentRequest,
        response: ZClientDetail,
        message: 'Adjustment saved.',
      },
      async (request) => {
        const { id } = request.params;
        await ctx.clients.adjust(viewerOf(request), id, request.body, kit.actorOf(request));
        return detail(request, id);
      },
    );
  };
}
