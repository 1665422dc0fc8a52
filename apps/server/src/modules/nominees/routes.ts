/** Me › Nominees (docs/api-duties.md): read, name up to ten, or opt out; changes take the PIN. */
import type { FastifyInstance } from 'fastify';
import { ZNomineeOptOutRequest, ZNominees, ZNomineesRequest } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function nomineeRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { nominees } = ctx;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['nominees'] });

    kit.query('GET', '/client/app/v1/nominees', { response: ZNominees }, async (request) =>
      nominees.of(clientOf(request).clientId),
    );

    kit.query(
      'PUT',
      '/client/app/v1/nominees',
      {
        perMinute: 20,
        body: ZNomineesRequest,
        response: ZNominees,
        message: 'Your nominees are saved. We e-mailed you a confirmation.',
      },
      async (request) => {
        const { clientId } = clientOf(request);
        await nominees.nominate(
          clientId,
          request.body.pin,
          request.body.nominees,
          kit.actorOf(request),
        );
        return nominees.of(clientId);
      },
    );

    kit.query(
      'POST',
      '/client/app/v1/nominees/opt-out',
      {
        perMinute: 20,
        body: ZNomineeOptOutRequest,
        response: ZNominees,
        message: 'You opted out of nomination. We e-mailed you a confirmation.',
      },
      async (request) => {
        const { clientId } = clientOf(request);
        await nominees.optOut(clientId, request.body.pin, kit.actorOf(request));
        return nominees.of(clientId);
      },
    );
  };
}
