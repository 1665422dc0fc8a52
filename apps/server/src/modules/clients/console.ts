/**
 * The console's client view. Admin, operations and support see every client; an advisor
 * sees only their own. Only admin and the client's advisor change flags and scores. The
 * services apply the viewer's scope (docs/decisions/010).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClientAdjustmentRequest,
  ZClientDetail,
  ZClientFlagsRequest,
  ZClientListItem,
  ZClientListQuery,
  ZPage,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { baseUrlOf, noStore } from '../../platform/http.ts';
import { staffActor, viewerOf } from '../../platform/staff-guard.ts';

const tags = ['console: clients'];
const security = [{ bearer: [] }];
const ZId = z.object({ id: z.uuid('Client not found.') });

export function clientsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/clients',
      {
        config: { access: 'clients' },
        schema: {
          tags,
          security,
          querystring: ZClientListQuery,
          response: { 200: envelopeOf(ZPage(ZClientListItem)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.clientViews.list(viewerOf(request), request.query));
      },
    );

    app.get(
      '/clients/:id',
      {
        config: { access: 'clients' },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZClientDetail) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await ctx.clientViews.detail(
            viewerOf(request),
            request.params.id,
            baseUrlOf(ctx.config, request),
          ),
        );
      },
    );

    app.post(
      '/clients/:id/flags',
      {
        config: { access: 'clientEdit' },
        schema: {
          tags,
          security,
          params: ZId,
          body: ZClientFlagsRequest,
          response: { 200: envelopeOf(ZClientDetail) },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const { id } = request.params;
        await ctx.clients.setFlags(viewer, id, request.body, staffActor(request));
        return ok(
          await ctx.clientViews.detail(viewer, id, baseUrlOf(ctx.config, request)),
          'Flags saved.',
        );
      },
    );

    app.post(
      '/clients/:id/adjustments',
      {
        config: { access: 'clientEdit' },
        schema: {
          tags,
          security,
          params: ZId,
          body: ZClientAdjustmentRequest,
          response: { 200: envelopeOf(ZClientDetail) },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const { id } = request.params;
        await ctx.clients.adjust(viewer, id, request.body, staffActor(request));
        return ok(
          await ctx.clientViews.detail(viewer, id, baseUrlOf(ctx.config, request)),
          'Adjustment saved.',
        );
      },
    );
  };
}
