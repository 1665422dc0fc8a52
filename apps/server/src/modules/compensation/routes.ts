/**
 * The client's compensation routes (docs/api-applications.md), `/compensation/app/v1/...`.
 * Applying needs the profile's allow_compensation flag (403 before the body is read); the
 * other routes also answer a client whose flag was turned off after they claimed, so that a
 * claim is never hidden from its owner. Applying takes an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CPM,
  COMPENSATION_DONE,
  ZClaimDetail,
  ZClaimList,
  ZClaimListQuery,
  ZCompensationApply,
  ZCompensationReply,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { type ClientGuardConfig, clientRowOf, requireClient } from '../../platform/guards.ts';
import { baseUrlOf, clientOf, noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';

const tags = ['compensation'];
const security = [{ bearer: [] }];
const ZClaimId = z.object({ id: z.uuid({ error: CPM.claimNotFound }) });
const withRow: ClientGuardConfig = { clientRow: true };

const clientActor = (request: FastifyRequest): Actor => ({
  type: 'client',
  id: clientOf(request).clientId,
  ip: request.ip,
});

export function compensationRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    const { claims } = ctx.compensation;
    // The flag, checked on the row the guard read; a client who already has claims keeps them.
    app.addHook('onRequest', async (request) => {
      const row = clientRowOf(request);
      if (row.allowCompensation) return;
      if (
        request.routeOptions.url === '/compensation/app/v1/apply' ||
        !(await claims.hasClaims(row.id))
      )
        throw forbidden(CPM.notAllowed);
    });
    const baseUrl = (request: FastifyRequest) => baseUrlOf(ctx.config, request);

    app.post(
      '/compensation/app/v1/apply',
      {
        config: { ...withRow, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers: ZIdempotencyHeaders,
          body: ZCompensationApply,
          response: { 200: envelopeOf(ZClaimDetail) },
        },
      },
      async (request, reply) =>
        ctx.idempotency.run(
          request,
          reply,
          { scope: `client:${clientOf(request).clientId}`, message: COMPENSATION_DONE.applied },
          (transaction) =>
            claims.apply(clientRowOf(request), request.body, {
              actor: clientActor(request),
              baseUrl: baseUrl(request),
              transaction,
            }),
        ),
    );

    app.get(
      '/compensation/app/v1/list',
      {
        config: withRow,
        schema: {
          tags,
          security,
          querystring: ZClaimListQuery,
          response: { 200: envelopeOf(ZClaimList) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok({
          items: await claims.listOfClient(clientOf(request).clientId, request.query.status),
        });
      },
    );

    app.get(
      '/compensation/app/v1/:id',
      {
        config: withRow,
        schema: { tags, security, params: ZClaimId, response: { 200: envelopeOf(ZClaimDetail) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await claims.ofClient(clientOf(request).clientId, request.params.id, baseUrl(request)),
        );
      },
    );

    app.post(
      '/compensation/app/v1/:id/reply',
      {
        config: { ...withRow, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          params: ZClaimId,
          body: ZCompensationReply,
          response: { 200: envelopeOf(ZClaimDetail) },
        },
      },
      async (request) =>
        ok(
          await claims.reply(clientOf(request).clientId, request.params.id, request.body, {
            actor: clientActor(request),
            baseUrl: baseUrl(request),
          }),
          COMPENSATION_DONE.replied,
        ),
    );

    app.post(
      '/compensation/app/v1/:id/withdraw',
      {
        config: withRow,
        schema: { tags, security, params: ZClaimId, response: { 200: envelopeOf(ZClaimDetail) } },
      },
      async (request) =>
        ok(
          await claims.withdraw(clientOf(request).clientId, request.params.id, {
            actor: clientActor(request),
            baseUrl: baseUrl(request),
          }),
          COMPENSATION_DONE.withdrawn,
        ),
    );
  };
}
