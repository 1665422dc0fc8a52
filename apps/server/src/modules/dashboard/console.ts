/**
 * The console's front page: a count per work queue, scoped like the queue itself (an
 * advisor counts their own clients). Later modules add their queues to QUEUES.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_ROLES, ZDashboard } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { clientScope, mayCall, type StaffAuth, staffOf } from '../../platform/staff-guard.ts';

type Queue = {
  key: string;
  /** Who works this queue; others do not see its count. */
  roles: readonly (typeof STAFF_ROLES)[number][];
  count: (ctx: AppContext, auth: StaffAuth) => Promise<number>;
};

export const QUEUES: Queue[] = [
  {
    key: 'kyc_pending',
    roles: ['advisor'],
    count: (ctx, auth) => ctx.kyc.countPending(clientScope(auth)),
  },
  {
    key: 'deposits_pending',
    roles: ['operations'],
    count: (ctx) => ctx.funds.countPendingDeposits(),
  },
  {
    key: 'withdrawals_pending',
    roles: ['operations'],
    count: (ctx) => ctx.funds.countPendingWithdrawals(),
  },
  {
    key: 'orders_awaiting_desk',
    roles: ['operations'],
    count: (ctx) => ctx.trading.orders.countAwaitingDesk(),
  },
];

export function dashboardConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    instance.withTypeProvider<ZodTypeProvider>().get(
      '/dashboard',
      {
        config: { roles: STAFF_ROLES },
        schema: {
          tags: ['console: dashboard'],
          security: [{ bearer: [] }],
          response: { 200: envelopeOf(ZDashboard) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const auth = staffOf(request);
        const visible = QUEUES.filter((q) => mayCall(auth.roles, q.roles));
        const counts = await Promise.all(visible.map((q) => q.count(ctx, auth)));
        return ok({ queues: Object.fromEntries(visible.map((q, i) => [q.key, counts[i]!])) });
      },
    );
  };
}
