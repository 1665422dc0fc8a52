/** Staff management: admin only (no route here lists other roles). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZStaffCreateRequest, ZStaffRolesRequest, ZStaffView } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { staffActor, staffOf } from '../../platform/staff-guard.ts';
import { toStaffView } from './service.ts';

const tags = ['console: staff'];
const security = [{ bearer: [] }];
const ZId = z.object({ id: z.uuid('No such staff member.') });
const ZStaffEnvelope = envelopeOf(ZStaffView);

export function staffConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/staff',
      {
        config: { access: 'staff' },
        schema: { tags, security, response: { 200: envelopeOf(z.array(ZStaffView)) } },
      },
      async () => ok((await ctx.staff.listStaff()).map(toStaffView)),
    );

    app.post(
      '/staff',
      {
        config: { access: 'staff' },
        schema: { tags, security, body: ZStaffCreateRequest, response: { 200: ZStaffEnvelope } },
      },
      async (request) => {
        const { email, name, roles, password } = request.body;
        const row = await ctx.staff.createStaff(
          { email, roles, password, ...(name ? { name } : {}) },
          staffActor(request),
        );
        return ok(toStaffView(row), `${row.email} can now sign in and set up their authenticator.`);
      },
    );

    app.post(
      '/staff/:id/roles',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          security,
          params: ZId,
          body: ZStaffRolesRequest,
          response: { 200: ZStaffEnvelope },
        },
      },
      async (request) => {
        const self = staffOf(request);
        if (request.params.id === self.staffId && !request.body.roles.includes('admin')) {
          throw badRequest('You cannot remove your own admin role.');
        }
        return ok(
          toStaffView(
            await ctx.staff.setRoles(request.params.id, request.body.roles, staffActor(request)),
          ),
        );
      },
    );

    for (const [path, active] of [
      ['deactivate', false],
      ['activate', true],
    ] as const) {
      app.post(
        `/staff/:id/${path}`,
        {
          config: { access: 'staff' },
          schema: { tags, security, params: ZId, response: { 200: ZStaffEnvelope } },
        },
        async (request) => {
          if (!active && request.params.id === staffOf(request).staffId) {
            throw badRequest('You cannot deactivate yourself.');
          }
          return ok(
            toStaffView(
              await ctx.staffAuth.setActive(request.params.id, active, staffActor(request)),
            ),
          );
        },
      );
    }

    app.post(
      '/staff/:id/reset-totp',
      {
        config: { access: 'staff' },
        schema: { tags, security, params: ZId, response: { 200: ZStaffEnvelope } },
      },
      async (request) => {
        await ctx.staffAuth.resetTotp(request.params.id, staffActor(request));
        const row = await ctx.staff.findById(request.params.id);
        return ok(
          toStaffView(row!),
          'The authenticator was reset. The next sign-in sets up a new one.',
        );
      },
    );
  };
}
