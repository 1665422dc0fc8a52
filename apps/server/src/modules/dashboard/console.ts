/**
 * The console's front page: a count per work queue, scoped like the queue itself (an
 * advisor counts their own clients). Later modules add their queues to QUEUES.
 */
import type { FastifyInstance } from 'fastify';
import { type TConsoleArea, ZDashboard } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { viewerOf } from '../../platform/staff-guard.ts';
import { type Viewer, viewerMay } from '../../platform/viewer.ts';

type Queue = {
  key: string;
  /** The part of the console that works this queue; roles without it do not see its count. */
  area: TConsoleArea;
  count: (ctx: AppContext, viewer: Viewer) => Promise<number>;
};

export const QUEUES: Queue[] = [
  {
    key: 'kyc_pending',
    area: 'kyc',
    count: (ctx, viewer) => ctx.kyc.countPending(viewer),
  },
  {
    key: 'deposits_pending',
    area: 'deposits',
    count: (ctx) => ctx.funds.countPendingDeposits(),
  },
  {
    key: 'withdrawals_pending',
    area: 'withdrawals',
    count: (ctx) => ctx.funds.countPendingWithdrawals(),
  },
  {
    key: 'orders_awaiting_desk',
    area: 'trading',
    count: (ctx) => ctx.trading.orders.countAwaitingDesk(),
  },
  {
    key: 'loans_applied',
    area: 'loanDecide',
    count: (ctx) => ctx.credit.loans.countApplied(),
  },
  {
    // The leader's job prepares a settlement date's batch unattended: this is how operations
    // learn that it waits for a checker (or for a resume).
    key: 'settlement_waiting',
    area: 'settlementDecide',
    count: (ctx) => ctx.settlement.countWaiting(),
  },
];

export function dashboardConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: dashboard'] });
    kit.query(
      'GET',
      '/dashboard',
      { access: 'dashboard', response: ZDashboard },
      async (request) => {
        const viewer = viewerOf(request);
        const visible = QUEUES.filter((q) => viewerMay(viewer, q.area));
        const counts = await Promise.all(visible.map((q) => q.count(ctx, viewer)));
        return { queues: Object.fromEntries(visible.map((q, i) => [q.key, counts[i]!])) };
      },
    );
  };
}
