/**
 * Running-account settlement in the console (docs/api-duties.md): operations list batches,
 * prepare a date's batch (the maker), review its lines, and a second officer approves (the
 * payouts post) or rejects it; a batch whose payouts stopped part-way is resumed. The service checks the officers; every step is audited.
 */
import type { FastifyInstance } from 'fastify';
import {
  istDayOf,
  SETTLEMENT_MSG as SM,
  ZSettlementBatch,
  ZSettlementBatchId,
  ZSettlementBatchList,
  ZSettlementDate,
  ZSettlementReject,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { staffOf } from '../../platform/staff-guard.ts';

export function settlementConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { settlement } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: settlement'] });

    kit.query(
      'GET',
      '/settlement/batches',
      { access: 'settlement', response: ZSettlementBatchList },
      async () => {
        const today = istDayOf(ctx.clock.now());
        return {
          items: await settlement.list(),
          next_dates: {
            quarterly: settlement.dates.next(today, 'quarterly'),
            monthly: settlement.dates.next(today, 'monthly'),
          },
        };
      },
    );

    kit.query(
      'GET',
      '/settlement/batches/:id',
      { access: 'settlement', params: ZSettlementBatchId, response: ZSettlementBatch },
      async (request) => settlement.batch(request.params.id),
    );

    kit.query(
      'POST',
      '/settlement/batches',
      {
        access: 'settlementDecide',
        body: ZSettlementDate,
        response: ZSettlementBatch,
        message: SM.prepared,
        longRunning: true,
      },
      async (request) =>
        settlement.prepare(request.body.date, staffOf(request).staffId, kit.actorOf(request)),
    );

    registerDecisions(kit, ctx);
  };
}

/** The checker's approval, a resume of payouts stopped part-way, and a rejection. */
function registerDecisions(kit: RouteKit, { settlement }: AppContext) {
  kit.query(
    'POST',
    '/settlement/batches/:id/approve',
    {
      access: 'settlementDecide',
      params: ZSettlementBatchId,
      response: ZSettlementBatch,
      message: SM.approved,
      longRunning: true,
    },
    async (request) =>
      settlement.approve(request.params.id, staffOf(request).staffId, kit.actorOf(request)),
  );

  // A batch stopped part-way (a crash after the approval) is finished here, not only by the CLI.
  kit.query(
    'POST',
    '/settlement/batches/:id/resume',
    {
      access: 'settlementDecide',
      params: ZSettlementBatchId,
      response: ZSettlementBatch,
      message: SM.resumed,
      longRunning: true,
    },
    async (request) =>
      settlement.resumeByOfficer(request.params.id, staffOf(request).staffId, kit.actorOf(request)),
  );

  kit.query(
    'POST',
    '/settlement/batches/:id/reject',
    {
      access: 'settlementDecide',
      params: ZSettlementBatchId,
      body: ZSettlementReject,
      response: ZSettlementBatch,
      message: SM.rejected,
    },
    async (request) =>
      settlement.reject(
        request.params.id,
        staffOf(request).staffId,
        request.body.reason,
        kit.actorOf(request),
      ),
  );
}
