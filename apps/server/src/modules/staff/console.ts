/** Staff management: admin only (no route here lists other roles). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZStaffCreateRequest, ZStaffRolesRequest, ZStaffView } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { staffOf } from '../../platform/staff-guard.ts';
import { toStaffView } from './service.ts';

const ZId = idParam('No such staff member.');

export function staffConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: staff'] });
    const access = 'staff';

    kit.query('GET', '/staff', { access, response: z.array(ZStaffView) }, async () =>
      (await ctx.staff.listStaff()).map(toStaffView),
    );

    // The message names the new member, so the handler answers the envelope itself.
    kit.raw(
      'POST',
      '/staff',
      { access, body: ZStaffCreateRequest, response: ZStaffView },
      async (request) => {
        const { email, name, roles, password } = request.body;
        const row = await ctx.staff.createStaff(
          { email, roles, password, ...(name ? { name } : {}) },
          kit.actorOf(request),
        );
        return ok(toStaffView(row), `${row.email} can now sign in and set up their authenticator.`);
      },
    );

    kit.query(
      'POST',
      '/staff/:id/roles',
      { access, params: ZId, body: ZStaffRolesRequest, response: ZStaffView },
      async (request) => {
        const { id } = request.params;
        if (id === staffOf(request).staffId && !request.body.roles.includes('admin')) {
          throw badRequest('You cannot remove your own admin role.');
        }
        return toStaffView(await ctx.staff.setRoles(id, request.body.roles, kit.actorOf(request)));
      },
    );

    for (const [path, active] of [
      ['deactivate', false],
      ['activate', true],
    ] as const) {
      kit.query(
        'POST',
        `/staff/:id/${path}`,
        { access, params: ZId, response: ZStaffView },
        async (request) => {
          const { id } = request.params;
          if (!active && id === staffOf(request).staffId) {
            throw badRequest('You cannot deactivate yourself.');
          }
          return toStaffView(await ctx.staffAuth.setActive(id, active, kit.actorOf(request)));
        },
      );
    }

    kit.query(
      'POST',
      '/staff/:id/reset-totp',
      {
        access,
        params: ZId,
        response: ZStaffView,
        message: 'The authenticator was reset. The next sign-in sets up a new one.',
      },
      async (request) => {
        await ctx.staffAuth.resetTotp(request.params.id, kit.actorOf(request));
        return toStaffView((await ctx.staff.findById(request.params.id))!);
      },
    );
  };
}
