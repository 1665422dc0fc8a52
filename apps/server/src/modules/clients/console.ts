/**
 * The console's client view. Admin, operations and support see every client; an advisor
 * sees only their own. Only admin and the client's advisor change flags and scores.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { baseUrlOf, noStore } from '../../platform/http.ts';
import { assertOwnClient, clientScope, staffActor, staffOf } from '../../platform/staff-guard.ts';
import type { StaffAuth } from '../staff-auth/service.ts';
import { clientListItem } from './detail.ts';
import type { ClientRow } from './service.ts';

const tags = ['console: clients'];
const security = [{ bearer: [] }];
const ZId = z.object({ id: z.uuid('Client not found.') });

/** The client of the request, if this staff member may see them; 403 otherwise. */
async function visibleClient(
  ctx: AppContext,
  auth: StaffAuth,
  clientId: string,
): Promise<ClientRow> {
  const row = await ctx.clients.byId(clientId);
  const scope = clientScope(auth);
  if (scope) assertOwnClient(auth, row.advisorId);
  return row;
}

export function clientsConsole(ctx: AppContext) {
  const clientDetail = (request: FastifyRequest, row: ClientRow) =>
    ctx.clientDetails.of(row, staffOf(request), baseUrlOf(ctx.config, request));

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/clients',
      {
        config: { roles: ['advisor', 'operations', 'support'] },
        schema: {
          tags,
          security,
          querystring: ZClientListQuery,
          response: { 200: envelopeOf(ZPage(ZClientListItem)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const auth = staffOf(request);
        const { q, kyc_status, advisor_id, cursor, limit } = request.query;
        const scope = clientScope(auth);
        const after = decodeCursor(cursor, 2) as [string, string] | null;
        const rows = await ctx.clients.listClients({
          q,
          kycStatus: kyc_status,
          advisorId: scope ?? advisor_id,
          after,
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        const advisors = await ctx.staff.namesOf(page.items.map((r) => r.row.advisorId));
        return ok({
          items: page.items.map((r) => clientListItem(r.row, advisors)),
          next_cursor: page.next_cursor,
        });
      },
    );

    app.get(
      '/clients/:id',
      {
        config: { roles: ['advisor', 'operations', 'support'] },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZClientDetail) } },
      },
      async (request, reply) => {
        noStore(reply);
        const row = await visibleClient(ctx, staffOf(request), request.params.id);
        return ok(await clientDetail(request, row));
      },
    );

    app.post(
      '/clients/:id/flags',
      {
        config: { roles: ['advisor'] },
        schema: {
          tags,
          security,
          params: ZId,
          body: ZClientFlagsRequest,
          response: { 200: envelopeOf(ZClientDetail) },
        },
      },
      async (request) => {
        const auth = staffOf(request);
        const before = await ctx.clients.byId(request.params.id);
        assertOwnClient(auth, before.advisorId);
        const row = await ctx.clients.setFlags(
          request.params.id,
          request.body,
          staffActor(request),
        );
        return ok(await clientDetail(request, row), 'Flags saved.');
      },
    );

    app.post(
      '/clients/:id/adjustments',
      {
        config: { roles: ['advisor'] },
        schema: {
          tags,
          security,
          params: ZId,
          body: ZClientAdjustmentRequest,
          response: { 200: envelopeOf(ZClientDetail) },
        },
      },
      async (request) => {
        const auth = staffOf(request);
        const before = await ctx.clients.byId(request.params.id);
        assertOwnClient(auth, before.advisorId);
        const row = await ctx.clients.adjust(request.params.id, request.body, staffActor(request));
        return ok(await clientDetail(request, row), 'Adjustment saved.');
      },
    );
  };
}
