/** A day's contract-note run in the console: what went, what failed, who was skipped and why. */
import type { FastifyInstance } from 'fastify';
import { ZNoteDeliveryQuery, ZNoteDeliveryRun } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../platform/audit.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function noteDeliveryConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { noteDelivery } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: mail'] });

    kit.query(
      'GET',
      '/mail/contract-notes',
      { access: 'outbox', querystring: ZNoteDeliveryQuery, response: ZNoteDeliveryRun },
      async (request) => noteDelivery.run(request.query.date),
    );

    kit.query(
      'POST',
      '/mail/contract-notes/run',
      {
        access: 'outbox',
        body: ZNoteDeliveryQuery,
        response: ZNoteDeliveryRun,
        message: 'The day’s contract notes are queued.',
        longRunning: true,
      },
      async (request) => {
        const result = await noteDelivery.deliverDay(request.body.date);
        await recordAudit(ctx.db, kit.actorOf(request), {
          action: 'contract_notes.send',
          subjectType: 'trade_date',
          subjectId: request.body.date,
          after: result,
        });
        return noteDelivery.run(request.body.date);
      },
    );
  };
}
