/**
 * The client's offers (docs/api-applications.md): `GET /offer/app/v1/list` and
 * `POST /offer/app/v1/:id/claim`. Both need allow_bonus (403); claiming takes an
 * Idempotency-Key (it credits cash). The offers' images are public, like news pictures.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OFFER_DONE, OM, ZOfferClaim, ZOfferList } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { clientRowOf } from '../../platform/guards.ts';
import { publicFile } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';

const allowBonus = async (request: FastifyRequest) => {
  if (!clientRowOf(request).allowBonus) throw forbidden(OM.notAllowed);
};

export function offerRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const files = routeKit(instance, { kind: 'public' }, { tags: ['files'] });
    const kit = routeKit(
      instance,
      { kind: 'client', auth: ctx.auth },
      { tags: ['offers'], idempotency: ctx.idempotency, checks: [allowBonus] },
    );

    files.raw(
      'GET',
      '/files/offers/:file',
      { cacheable: true, params: z.object({ file: z.string() }) },
      async (request, reply) => {
        const bytes = await ctx.offers.readImage(request.params.file);
        if (!bytes) throw notFound(OM.offerNotFound);
        return publicFile(reply, 'image/jpeg').send(bytes);
      },
    );

    kit.query(
      'GET',
      '/offer/app/v1/list',
      { clientRow: true, response: ZOfferList },
      async (request) => ({ items: await ctx.offers.listFor(clientRowOf(request)) }),
    );

    kit.command(
      'POST',
      '/offer/app/v1/:id/claim',
      {
        clientRow: true,
        perMinute: 30,
        params: idParam(OM.offerNotFound),
        response: ZOfferClaim,
        message: OFFER_DONE.claimed,
      },
      (request, tools) => ctx.offers.claim(clientRowOf(request), request.params.id, tools),
    );
  };
}
