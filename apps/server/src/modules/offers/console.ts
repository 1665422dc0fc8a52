/**
 * Offers in the console (docs/api-applications.md): the editor (create, edit, publish or
 * withdraw by status, picture), each offer's budget used and claims. Operations and admin.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFER_DONE, OM, ZConsoleOffer, ZConsoleOfferClaim, ZOfferInput } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { staffActor, staffOf } from '../../platform/staff-guard.ts';

const tags = ['console: offers'];
const security = [{ bearer: [] }];
const ZOfferId = z.object({ id: z.uuid({ error: OM.offerNotFound }) });
const one = { 200: envelopeOf(ZConsoleOffer) };

export function offersConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'offers' } as const;

    app.get(
      '/offers',
      { config, schema: { tags, security, response: { 200: envelopeOf(z.array(ZConsoleOffer)) } } },
      async (_request, reply) => {
        noStore(reply);
        return ok(await ctx.offers.all());
      },
    );

    app.get(
      '/offers/:id',
      { config, schema: { tags, security, params: ZOfferId, response: one } },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.offers.one(request.params.id));
      },
    );

    app.post(
      '/offers',
      { config, schema: { tags, security, body: ZOfferInput, response: one } },
      async (request) =>
        ok(
          await ctx.offers.create(request.body, staffOf(request).staffId, staffActor(request)),
          OFFER_DONE.saved,
        ),
    );

    app.put(
      '/offers/:id',
      { config, schema: { tags, security, params: ZOfferId, body: ZOfferInput, response: one } },
      async (request) =>
        ok(
          await ctx.offers.update(request.params.id, request.body, staffActor(request)),
          OFFER_DONE.saved,
        ),
    );

    app.post(
      '/offers/:id/image',
      {
        config: { ...config, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          description:
            "Multipart field 'file': an image (checked by content), at least 200 px on its short side; re-encoded as JPEG.",
          params: ZOfferId,
          response: one,
        },
      },
      async (request) =>
        ok(
          await ctx.offers.setImage(
            request.params.id,
            await readSingleFile(request),
            staffActor(request),
          ),
          'Image uploaded.',
        ),
    );

    app.post(
      '/offers/:id/image/remove',
      { config, schema: { tags, security, params: ZOfferId, response: one } },
      async (request) =>
        ok(await ctx.offers.removeImage(request.params.id, staffActor(request)), 'Image removed.'),
    );

    app.get(
      '/offers/:id/claims',
      {
        config,
        schema: {
          tags,
          security,
          params: ZOfferId,
          response: { 200: envelopeOf(z.array(ZConsoleOfferClaim)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.offers.claimsOf(request.params.id));
      },
    );
  };
}
