/** Invitation codes in the console: an advisor issues and revokes their own; admin any advisor's. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZInviteCreateRequest, ZInviteView, ZPage, ZPageQuery } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { viewerOf } from '../../platform/staff-guard.ts';

const ZRevoked = z.object({ code: z.string(), revoked_at: z.string().nullable() });

export function invitesConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: invitation codes'] });
    const access = 'invites';

    kit.query(
      'GET',
      '/invites',
      {
        access,
        querystring: ZPageQuery.extend({ advisor_id: z.uuid().optional() }),
        response: ZPage(ZInviteView),
      },
      async (request) => {
        const { cursor, limit, advisor_id } = request.query;
        const rows = await ctx.invites.listInvites({
          viewer: viewerOf(request),
          advisorId: advisor_id,
          after: decodeCursor(cursor, 2) as [string, string] | null,
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.id]);
        return {
          items: page.items.map(({ cursorAt: _c, ...view }) => view),
          next_cursor: page.next_cursor,
        };
      },
    );

    kit.query(
      'POST',
      '/invites',
      {
        access,
        body: ZInviteCreateRequest,
        response: ZInviteView,
        message: 'Invitation code created.',
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
          kit.actorOf(request),
        );
        const [view] = await ctx.invites.listInvites({ id: row.id, limit: 1 });
        const { cursorAt: _c, ...created } = view!;
        return created;
      },
    );

    kit.query(
      'POST',
      '/invites/:code/revoke',
      {
        access,
        params: z.object({ code: z.string().trim().min(1).max(20) }),
        response: ZRevoked,
        message: 'Invitation code revoked.',
      },
      async (request) => {
        const { code } = request.params;
        const row = await ctx.invites.revokeInvite(code, kit.actorOf(request), viewerOf(request));
        return { code: row.code, revoked_at: row.revokedAt?.toISOString() ?? null };
      },
    );
  };
}
