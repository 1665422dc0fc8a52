/**
 * The client's credit routes (docs/api-credit.md), `/loan/app/v1/...`. The profile's allow_loan
 * flag opens new borrowing only (products, quote, apply: 403 before the body is read without
 * it); a loan already taken is listed, read, repaid and cancelled whatever the flag says, so
 * turning the flag off never hides what a client owes. Applying and repaying take the PIN and
 * an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CREDIT_DONE,
  LM,
  ZCreditProducts,
  ZForecloseRequest,
  ZForeclosureStatement,
  ZKeyFactStatement,
  ZLoanApplyRequest,
  ZLoanDetail,
  ZLoanList,
  ZLoanListQuery,
  ZLoanQuote,
  ZLoanQuoteRequest,
  ZLoanRepayRequest,
  ZRepayment,
  ZResetPreferenceRequest,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../platform/errors.ts';
import { clientRowOf } from '../../platform/guards.ts';
import { clientOf } from '../../platform/http.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { keyFactsPdf, noDuesPdf } from './papers-pdf.ts';
import { productView } from './views.ts';

const ZLoanId = idParam(LM.loanNotFound);
const ZKfsId = idParam(LM.kfsNotFound);

/** The capability flag, checked on the row the guard read with the session. */
const allowLoan = async (request: FastifyRequest) => {
  if (!clientRowOf(request).allowLoan) throw forbidden(LM.loanNotAllowed);
};

export function creditRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { idempotency } = ctx;
    const kit = routeKit(
      instance,
      { kind: 'client', auth: ctx.auth },
      { tags: ['credit'], idempotency },
    );

    registerQuotes(kit, ctx);
    registerLoans(kit, ctx);
    registerServicing(kit, ctx);
  };
}

/** Products, quotes and key fact statements: new borrowing, behind the flag. */
function registerQuotes(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  kit.query(
    'GET',
    '/loan/app/v1/products',
    { clientRow: true, checks: [allowLoan], response: ZCreditProducts },
    async (request) => {
      const { items, holdings } = await credit.loans.catalogue(clientRowOf(request));
      return { items: items.map(productView), holdings };
    },
  );

  kit.query(
    'POST',
    '/loan/app/v1/quote',
    {
      clientRow: true,
      checks: [allowLoan],
      perMinute: 120,
      body: ZLoanQuoteRequest,
      response: ZLoanQuote,
    },
    async (request) => credit.loans.quote(clientRowOf(request), request.body),
  );

  // The quote as RBI's key fact statement, stored: applying names it (kfs_id) to accept it.
  kit.query(
    'POST',
    '/loan/app/v1/kfs',
    {
      clientRow: true,
      checks: [allowLoan],
      perMinute: 60,
      body: ZLoanQuoteRequest,
      response: ZKeyFactStatement,
    },
    async (request) => credit.keyFacts.issue(clientRowOf(request), request.body),
  );

  // A statement stays readable whatever the flag says: it is part of the loan's papers.
  kit.query(
    'GET',
    '/loan/app/v1/kfs/:id',
    { params: ZKfsId, response: ZKeyFactStatement },
    async (request) => credit.keyFacts.ofClient(clientOf(request).clientId, request.params.id),
  );

  kit.raw('GET', '/loan/app/v1/kfs/:id/pdf', { params: ZKfsId }, async (request, reply) => {
    const { clientId } = clientOf(request);
    const kfs = await credit.keyFacts.ofClient(clientId, request.params.id);
    const client = await ctx.clients.byId(clientId);
    const pdf = await keyFactsPdf(kfs, { name: client.name ?? '', uid: client.uid });
    reply.header('Content-Disposition', `attachment; filename="key-fact-statement-${kfs.id}.pdf"`);
    return reply.type('application/pdf').send(pdf);
  });
}

/** Applying, and the client's loans. */
function registerLoans(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  kit.command(
    'POST',
    '/loan/app/v1/apply',
    {
      clientRow: true,
      checks: [allowLoan],
      perMinute: 20,
      body: ZLoanApplyRequest,
      response: ZLoanDetail,
      message: CREDIT_DONE.applied,
    },
    (request, { transaction, actor }) =>
      credit.loans.apply(clientRowOf(request), request.body, {
        actor,
        sessionId: clientOf(request).sessionId,
        transaction,
      }),
  );

  kit.query(
    'GET',
    '/loan/app/v1/loans',
    { clientRow: true, querystring: ZLoanListQuery, response: ZLoanList },
    async (request) => ({
      items: await credit.loans.listOfClient(clientOf(request).clientId, request.query.status),
    }),
  );

  kit.query(
    'GET',
    '/loan/app/v1/loans/:id',
    { clientRow: true, params: ZLoanId, response: ZLoanDetail },
    async (request) => credit.loans.ofClient(clientOf(request).clientId, request.params.id),
  );
  // A floating loan's choice at a rate reset: keep the tenure (EMI moves) or the EMI (tenure moves).
  kit.query(
    'POST',
    '/loan/app/v1/loans/:id/reset-preference',
    {
      params: ZLoanId,
      body: ZResetPreferenceRequest,
      response: ZLoanDetail,
      message: CREDIT_DONE.resetPreferenceSaved,
    },
    async (request) =>
      credit.loans.setResetPreference(
        clientOf(request).clientId,
        request.params.id,
        request.body.reset_preference,
        kit.actorOf(request),
      ),
  );
}

/** Repaying, foreclosing, the no-dues letter and cancelling: whatever the flag says. */
function registerServicing(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  kit.command(
    'POST',
    '/loan/app/v1/loans/:id/repay',
    {
      clientRow: true,
      perMinute: 60,
      params: ZLoanId,
      body: ZLoanRepayRequest,
      response: ZRepayment,
      message: CREDIT_DONE.repaid,
    },
    (request, { transaction, actor }) =>
      credit.servicing.repay(clientRowOf(request), request.params.id, request.body, {
        actor,
        sessionId: clientOf(request).sessionId,
        transaction,
      }),
  );

  kit.query(
    'GET',
    '/loan/app/v1/loans/:id/foreclosure',
    { params: ZLoanId, response: ZForeclosureStatement },
    async (request) => credit.closure.statement(clientOf(request).clientId, request.params.id),
  );

  kit.command(
    'POST',
    '/loan/app/v1/loans/:id/foreclose',
    {
      clientRow: true,
      perMinute: 20,
      params: ZLoanId,
      body: ZForecloseRequest,
      response: ZRepayment,
      message: CREDIT_DONE.foreclosed,
    },
    (request, { transaction, actor }) =>
      credit.closure.foreclose(clientRowOf(request), request.params.id, request.body, {
        actor,
        sessionId: clientOf(request).sessionId,
        transaction,
      }),
  );

  kit.raw(
    'GET',
    '/loan/app/v1/loans/:id/no-dues/pdf',
    { params: ZLoanId },
    async (request, reply) => {
      const letter = await credit.closure.noDues(clientOf(request).clientId, request.params.id);
      reply.header('Content-Disposition', `attachment; filename="no-dues-${letter.loanId}.pdf"`);
      return reply.type('application/pdf').send(await noDuesPdf(letter));
    },
  );

  kit.query(
    'POST',
    '/loan/app/v1/loans/:id/cancel',
    { clientRow: true, params: ZLoanId, response: ZLoanDetail, message: CREDIT_DONE.cancelled },
    async (request) =>
      credit.loans.cancel(clientOf(request).clientId, request.params.id, {
        actor: kit.actorOf(request),
      }),
  );
}
