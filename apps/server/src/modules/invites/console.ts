/** Invitation codes in the console: an advisor issues and revokes their own; admin any advisor's. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZInviteCreateRequest, ZInviteView, ZPage, ZPageQuery } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { noStore } from '../../platform/http.ts';
import { staffActor, viewerOf } from '../../platform/staff-guard.ts';

const tags = ['console: invitation codes'];
const security = [{ bearer: [] }];

export function invitesConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/invites',
      {
        config: { access: 'invites' },
        schema: {
          tags,
          security,
          querystring: ZPageQuery.extend({ advisor_id: z.uuid().optional() }),
          response: { 200: envelopeOf(ZPage(ZInviteView)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit, advisor_id } = request.query;
        const rows = await ctx.invites.listInvites({
          viewer: viewerOf(request),
          advisorId: advisor_id,
          after: decodeCursor(cursor, 2) as [string, string] | null,
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.id]);
        return ok({
          items: page.items.map(({ cursorAt: _c, ...view }) => view),
          next_cursor: page.next_cursor,
        });
      },
    );

    app.post(
      '/invites',
      {
        config: { access: 'invites' },
        schema: {
          tags,
          security,
          body: ZInviteCreateRequest,
          response: { 200: envelopeOf(ZInviteView) },
        },
      },
      async (request) => {
        const { max_uses, expires_in_hours, note, advisor_id } = request.body;
        const advisor = await ctx.staff.findById(
          ctx.invites.issuerFor(viewerOf(request), advisor_id),
        );
        if (!advisor) throw notFound('No such advisor.');
        if (!advisor.roles.includes('advisor')) {
          throw badRequest(
            'Invitation codes belong to an advisor. Choose the advisor the clients will belong to.',
          );
        }
        const row = await ctx.invites.createInvite(
          advisor,
          {
            maxUses: max_uses,
            ...(expires_in_hours ? { expiresInMs: expires_in_hours * 3_600_000 } : {}),
            ...(note ? { note } : {}),
          },
          staffActor(request),
        );
        const [view] = await ctx.invites.listInvites({ id: row.id, limit: 1 });
        const { cursorAt: _c, ...created } = view!;
        return ok(created, 'Invitation code created.');
      },
    );

    app.post(
      '/invites/:code/revoke',
      {
        config: { access: 'invites' },
        schema: {
          tags,
          security,
          params: z.object({ code: z.string().trim().min(1).max(20) }),
          response: {
            200: envelopeOf(z.object({ code: z.string(), revoked_at: z.string().nullable() })),
          },
        },
      },
      async (request) => {
        const row = await ctx.invites.revokeInvite(
          request.params.code,
          staffActor(request),
          viewerOf(request),
        );
        return ok(
          { code: row.code, revoked_at: row.revokedAt?.toISOString() ?? null },
          'Invitation code revoked.',
        );
      },
    );
  };
}
