import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { kycSubmitSchema, ZKycRecord } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { baseUrlOf, clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function kycRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['kyc'] });

    kit.query(
      'POST',
      '/identify/app/v1',
      {
        body: kycSubmitSchema(() => ctx.clock.now()),
        response: z.null(),
        message: 'Thank you for submitting',
      },
      async (request) => {
        await ctx.kyc.submit(clientOf(request).clientId, request.body, kit.actorOf(request));
        return null;
      },
    );

    kit.query(
      'GET',
      '/identify/app/v1/detail',
      { response: ZKycRecord.nullable() },
      async (request) => ctx.kyc.detail(clientOf(request).clientId, baseUrlOf(ctx.config, request)),
    );
  };
}
