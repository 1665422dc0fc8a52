/**
 * The client's offers (docs/api-applications.md): `GET /offer/app/v1/list` and
 * `POST /offer/app/v1/:id/claim`. Both need allow_bonus (403); claiming takes an
 * Idempotency-Key (it credits cash). The offers' images are public, like news pictures.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFER_DONE, OM, ZOfferClaim, ZOfferList } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { clientRowOf, requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';

const tags = ['offers'];
const security = [{ bearer: [] }];

export function offerRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/files/offers/:file',
      { schema: { tags: ['files'], params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        const bytes = await ctx.offers.readImage(request.params.file);
        if (!bytes) throw notFound(OM.offerNotFound);
        return reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .type('image/jpeg')
          .send(bytes);
      },
    );

    await app.register(async (scoped) => {
      const api = scoped.withTypeProvider<ZodTypeProvider>();
      api.addHook('onRequest', requireClient(ctx.auth));
      api.addHook('onRequest', async (request) => {
        if (!clientRowOf(request).allowBonus) throw forbidden(OM.notAllowed);
      });

      api.get(
        '/offer/app/v1/list',
        {
          config: { clientRow: true },
          schema: { tags, security, response: { 200: envelopeOf(ZOfferList) } },
        },
        async (request, reply) => {
          noStore(reply);
          return ok({ items: await ctx.offers.listFor(clientRowOf(request)) });
        },
      );

      api.post(
        '/offer/app/v1/:id/claim',
        {
          config: { clientRow: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
          schema: {
            tags,
            security,
            headers: ZIdempotencyHeaders,
            params: z.object({ id: z.uuid({ error: OM.offerNotFound }) }),
            response: { 200: envelopeOf(ZOfferClaim) },
          },
        },
        async (request, reply) =>
          ctx.idempotency.run(
            request,
            reply,
            { scope: `client:${clientOf(request).clientId}`, message: OFFER_DONE.claimed },
            (transaction) =>
              ctx.offers.claim(clientRowOf(request), request.params.id, {
                actor: { type: 'client', id: clientOf(request).clientId, ip: request.ip },
                transaction,
              }),
          ),
      );
    });
  };
}
