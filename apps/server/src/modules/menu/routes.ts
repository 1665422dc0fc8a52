import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZMenuItem } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function menuRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['identity'] });
    kit.query('GET', '/auth/app/v1/menu', { response: z.array(ZMenuItem) }, async (request) => {
      const row = await ctx.clients.byId(clientOf(request).clientId);
      const borrower = await ctx.credit.loans.hasLoansToShow(row.id);
      return ctx.menu.menuFor(ctx.clients.toProfile(row, null), { allow_loan: borrower });
    });
  };
}
