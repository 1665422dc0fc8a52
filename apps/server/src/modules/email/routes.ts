/**
 * The client's e-mail address (docs/api-duties.md), `/client/app/v1/email`: read, ask for a code
 * (the PIN when replacing a verified address), confirm the code.
 */
import type { FastifyInstance } from 'fastify';
import { EMAIL_MSG, ZEmailStartRequest, ZEmailState, ZEmailVerifyRequest } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function emailRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { email } = ctx;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['e-mail'] });

    kit.query('GET', '/client/app/v1/email', { response: ZEmailState }, async (request) =>
      email.stateOf(clientOf(request).clientId),
    );

    kit.query(
      'POST',
      '/client/app/v1/email',
      {
        perMinute: 10,
        body: ZEmailStartRequest,
        response: ZEmailState,
        message: EMAIL_MSG.codeSent,
      },
      async (request) =>
        email.start(clientOf(request).clientId, request.body, kit.actorOf(request)),
    );

    kit.query(
      'POST',
      '/client/app/v1/email/verify',
      {
        perMinute: 20,
        body: ZEmailVerifyRequest,
        response: ZEmailState,
        message: EMAIL_MSG.verified,
      },
      async (request) =>
        email.confirm(clientOf(request).clientId, request.body.code, kit.actorOf(request)),
    );
  };
}
