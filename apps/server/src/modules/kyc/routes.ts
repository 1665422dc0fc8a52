import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kycSubmitSchema, ZKycRecord } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, ZNullEnvelope } from '../../platform/envelope.ts';
import { requireClient } from '../../platform/guards.ts';
import { baseUrlOf, clientOf, noStore } from '../../platform/http.ts';

export function kycRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    const schemaCommon = { tags: ['kyc'], security: [{ bearer: [] }] };

    app.post(
      '/identify/app/v1',
      {
        schema: {
          ...schemaCommon,
          body: kycSubmitSchema(() => ctx.clock.now()),
          response: { 200: ZNullEnvelope },
        },
      },
      async (request) => {
        const { clientId } = clientOf(request);
        await ctx.kyc.submit(clientId, request.body, {
          type: 'client',
          id: clientId,
          ip: request.ip,
        });
        return ok(null, 'Thank you for submitting');
      },
    );

    app.get(
      '/identify/app/v1/detail',
      { schema: { ...schemaCommon, response: { 200: envelopeOf(ZKycRecord.nullable()) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.kyc.detail(clientOf(request).clientId, baseUrlOf(ctx.config, request)));
      },
    );
  };
}
