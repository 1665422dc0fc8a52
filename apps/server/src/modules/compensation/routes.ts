/**
 * The client's compensation routes (docs/api-applications.md), `/compensation/app/v1/...`.
 * Applying needs the profile's allow_compensation flag (403 before the body is read); the
 * other routes also answer a client whose flag was turned off after they claimed, so that a
 * claim is never hidden from its owner. Applying takes an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import type { Claims } from './claims.ts';
import { forbidden } from '../../platform/errors.ts';
import { clientRowOf } from '../../platform/guards.ts';
import { baseUrlOf, clientOf } from '../../platform/http.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';

const ZClaimId = idParam(CPM.claimNotFound);

export function compensationRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { claims } = ctx.compensation;
    // The flag, checked on the row the guard read; a client who already has claims keeps them.
    const allowCompensation = async (request: FastifyRequest) => {
      const row = clientRowOf(request);
      if (row.allowCompensation) return;
      if (
        request.routeOptions.url === '/compensation/app/v1/apply' ||
        !(await claims.hasClaims(row.id))
      )
        throw forbidden(CPM.notAllowed);
    };
    const kit = routeKit(
      instance,
      { kind: 'client', auth: ctx.auth },
      { tags: ['compensation'], idempotency: ctx.idempotency, checks: [allowCompensation] },
    );
    const baseUrl = (request: FastifyRequest) => baseUrlOf(ctx.config, request);

    registerApplyAndReads(kit, claims, baseUrl);
    registerClaimReplies(kit, claims, baseUrl);
  };
}

type BaseUrl = (request: FastifyRequest) => string;

/** Applying, and reading one's claims. */
function registerApplyAndReads(kit: RouteKit, claims: Claims, baseUrl: BaseUrl) {
  kit.command(
    'POST',
    '/compensation/app/v1/apply',
    {
      clientRow: true,
      perMinute: 20,
      body: ZCompensationApply,
      response: ZClaimDetail,
      message: COMPENSATION_DONE.applied,
    },
    (request, { transaction, actor }) =>
      claims.apply(clientRowOf(request), request.body, {
        actor,
        baseUrl: baseUrl(request),
        transaction,
      }),
  );

  kit.query(
    'GET',
    '/compensation/app/v1/list',
    { clientRow: true, querystring: ZClaimListQuery, response: ZClaimList },
    async (request) => ({
      items: await claims.listOfClient(clientOf(request).clientId, request.query.status),
    }),
  );

  kit.query(
    'GET',
    '/compensation/app/v1/:id',
    { clientRow: true, params: ZClaimId, response: ZClaimDetail },
    async (request) =>
      claims.ofClient(clientOf(request).clientId, request.params.id, baseUrl(request)),
  );
}

/** The client's answers on a claim: a reply, or withdrawing it. */
function registerClaimReplies(kit: RouteKit, claims: Claims, baseUrl: BaseUrl) {
  kit.query(
    'POST',
    '/compensation/app/v1/:id/reply',
    {
      clientRow: true,
      perMinute: 30,
      params: ZClaimId,
      body: ZCompensationReply,
      response: ZClaimDetail,
      message: COMPENSATION_DONE.replied,
    },
    async (request) =>
      claims.reply(clientOf(request).clientId, request.params.id, request.body, {
        actor: kit.actorOf(request),
        baseUrl: baseUrl(request),
      }),
  );

  kit.query(
    'POST',
    '/compensation/app/v1/:id/withdraw',
    {
      clientRow: true,
      params: ZClaimId,
      response: ZClaimDetail,
      message: COMPENSATION_DONE.withdrawn,
    },
    async (request) =>
      claims.withdraw(clientOf(request).clientId, request.params.id, {
        actor: kit.actorOf(request),
        baseUrl: baseUrl(request),
      }),
  );
}
