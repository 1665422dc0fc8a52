/**
 * Offers in the console (docs/api-applications.md): the editor (create, edit, publish or
 * withdraw by status, picture), each offer's budget used and claims. Operations and admin.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OFFER_DONE, OM, ZConsoleOffer, ZConsoleOfferClaim, ZOfferInput } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { staffOf } from '../../platform/staff-guard.ts';

const ZOfferId = idParam(OM.offerNotFound);

export function offersConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { offers } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: offers'] });
    const access = 'offers';

    kit.query('GET', '/offers', { access, response: z.array(ZConsoleOffer) }, async () =>
      offers.all(),
    );

    kit.query(
      'GET',
      '/offers/:id',
      { access, params: ZOfferId, response: ZConsoleOffer },
      async (request) => offers.one(request.params.id),
    );

    kit.query(
      'POST',
      '/offers',
      { access, body: ZOfferInput, response: ZConsoleOffer, message: OFFER_DONE.saved },
      async (request) =>
        offers.create(request.body, staffOf(request).staffId, kit.actorOf(request)),
    );

    kit.query(
      'PUT',
      '/offers/:id',
      {
        access,
        params: ZOfferId,
        body: ZOfferInput,
        response: ZConsoleOffer,
        message: OFFER_DONE.saved,
      },
      async (request) => offers.update(request.params.id, request.body, kit.actorOf(request)),
    );

    kit.query(
      'POST',
      '/offers/:id/image',
      {
        access,
        perMinute: 30,
        consumes: ['multipart/form-data'],
        description:
          "Multipart field 'file': an image (checked by content), at least 200 px on its short side; re-encoded as JPEG.",
        params: ZOfferId,
        response: ZConsoleOffer,
        message: 'Image uploaded.',
      },
      async (request) =>
        offers.setImage(request.params.id, await readSingleFile(request), kit.actorOf(request)),
    );

    kit.query(
      'POST',
      '/offers/:id/image/remove',
      { access, params: ZOfferId, response: ZConsoleOffer, message: 'Image removed.' },
      async (request) => offers.removeImage(request.params.id, kit.actorOf(request)),
    );

    kit.query(
      'GET',
      '/offers/:id/claims',
      { access, params: ZOfferId, response: z.array(ZConsoleOfferClaim) },
      async (request) => offers.claimsOf(request.params.id),
    );
  };
}
