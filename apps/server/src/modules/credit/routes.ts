/**
 * The client's credit routes (docs/api-credit.md), `/loan/app/v1/...`. Every route needs the
 * profile's allow_loan flag: without it the answer is 403 before the body is even read.
 * Applying and repaying take the PIN and an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDIT_DONE,
  LM,
  ZCreditProducts,
  ZLoanApplyRequest,
  ZLoanDetail,
  ZLoanList,
  ZLoanListQuery,
  ZLoanQuote,
  ZLoanQuoteRequest,
  ZLoanRepayRequest,
  ZRepayment,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { type ClientGuardConfig, clientRowOf, requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';
import { productView } from './views.ts';

const tags = ['credit'];
const security = [{ bearer: [] }];
const headers = ZIdempotencyHeaders;
const ZLoanId = z.object({ id: z.uuid({ error: LM.loanNotFound }) });
const withRow: ClientGuardConfig = { clientRow: true };

const clientActor = (request: FastifyRequest): Actor => ({
  type: 'client',
  id: clientOf(request).clientId,
  ip: request.ip,
});
const scopeOf = (request: FastifyRequest) => `client:${clientOf(request).clientId}`;

export function creditRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    // The capability flag, checked on the row the guard read with the session.
    app.addHook('onRequest', async (request) => {
      if (!clientRowOf(request).allowLoan) throw forbidden(LM.loanNotAllowed);
    });
    const { credit, idempotency } = ctx;

    app.get(
      '/loan/app/v1/products',
      {
        config: withRow,
        schema: { tags, security, response: { 200: envelopeOf(ZCreditProducts) } },
      },
      async (request, reply) => {
        noStore(reply);
        const { items, holdings } = await credit.loans.catalogue(clientRowOf(request));
        return ok({ items: items.map(productView), holdings });
      },
    );

    app.post(
      '/loan/app/v1/quote',
      {
        config: { ...withRow, rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          body: ZLoanQuoteRequest,
          response: { 200: envelopeOf(ZLoanQuote) },
        },
      },
      async (request) => ok(await credit.loans.quote(clientRowOf(request), request.body)),
    );

    app.post(
      '/loan/app/v1/apply',
      {
        config: { ...withRow, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers,
          body: ZLoanApplyRequest,
          response: { 200: envelopeOf(ZLoanDetail) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: CREDIT_DONE.applied },
          (transaction) =>
            credit.loans.apply(clientRowOf(request), request.body, {
              actor: clientActor(request),
              sessionId: clientOf(request).sessionId,
              transaction,
            }),
        ),
    );

    app.get(
      '/loan/app/v1/loans',
      {
        config: withRow,
        schema: {
          tags,
          security,
          querystring: ZLoanListQuery,
          response: { 200: envelopeOf(ZLoanList) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok({
          items: await credit.loans.listOfClient(clientOf(request).clientId, request.query.status),
        });
      },
    );

    app.get(
      '/loan/app/v1/loans/:id',
      {
        config: withRow,
        schema: { tags, security, params: ZLoanId, response: { 200: envelopeOf(ZLoanDetail) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await credit.loans.ofClient(clientOf(request).clientId, request.params.id));
      },
    );

    app.post(
      '/loan/app/v1/loans/:id/repay',
      {
        config: { ...withRow, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers,
          params: ZLoanId,
          body: ZLoanRepayRequest,
          response: { 200: envelopeOf(ZRepayment) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: CREDIT_DONE.repaid },
          (transaction) =>
            credit.servicing.repay(clientRowOf(request), request.params.id, request.body, {
              actor: clientActor(request),
              sessionId: clientOf(request).sessionId,
              transaction,
            }),
        ),
    );

    app.post(
      '/loan/app/v1/loans/:id/cancel',
      {
        config: withRow,
        schema: { tags, security, params: ZLoanId, response: { 200: envelopeOf(ZLoanDetail) } },
      },
      async (request) =>
        ok(
          await credit.loans.cancel(clientOf(request).clientId, request.params.id, {
            actor: clientActor(request),
          }),
          CREDIT_DONE.cancelled,
        ),
    );
  };
}
