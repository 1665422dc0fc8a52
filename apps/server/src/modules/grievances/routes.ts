/**
 * The investor charter and the client's grievances (docs/api-duties.md): the charter is the
 * same for everyone; complaints and claims are the client's own.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GRIEVANCE_MSG,
  INVESTOR_CHARTER,
  ZGrievance,
  ZGrievanceRequest,
  ZInvestorCharter,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function grievanceRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { grievances } = ctx;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['grievances'] });
    const open = routeKit(instance, { kind: 'public' }, { tags: ['grievances'] });

    open.query(
      'GET',
      '/client/app/v1/investor-charter',
      { response: ZInvestorCharter },
      async () => INVESTOR_CHARTER,
    );

    kit.query(
      'GET',
      '/client/app/v1/grievances',
      { response: z.array(ZGrievance) },
      async (request) => grievances.listOfClient(clientOf(request).clientId),
    );

    kit.query(
      'POST',
      '/client/app/v1/grievances',
      {
        perMinute: 10,
        body: ZGrievanceRequest,
        response: ZGrievance,
        message: GRIEVANCE_MSG.filed,
      },
      async (request) =>
        grievances.file(clientOf(request).clientId, request.body, kit.actorOf(request)),
    );
  };
}
