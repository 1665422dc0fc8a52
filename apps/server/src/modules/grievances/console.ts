/** Complaints in the console: the queue with overdue ones first, and resolving one. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GRIEVANCE_MSG,
  ZConsoleGrievance,
  ZGrievance,
  ZGrievanceQueueQuery,
  ZGrievanceResolve,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { staffOf } from '../../platform/staff-guard.ts';

const ZGrievanceId = z.object({ id: z.uuid({ error: GRIEVANCE_MSG.notFound }) });

export function grievancesConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { grievances } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: grievances'] });

    kit.query(
      'GET',
      '/grievances',
      {
        access: 'grievances',
        querystring: ZGrievanceQueueQuery,
        response: z.array(ZConsoleGrievance),
      },
      async (request) => grievances.queue(request.query),
    );

    kit.query(
      'POST',
      '/grievances/:id/resolve',
      {
        access: 'grievances',
        params: ZGrievanceId,
        body: ZGrievanceResolve,
        response: ZGrievance,
        message: 'The complaint is resolved; the client is told.',
      },
      async (request) =>
        grievances.resolve(
          request.params.id,
          request.body.resolution,
          staffOf(request).staffId,
          kit.actorOf(request),
        ),
    );
  };
}
