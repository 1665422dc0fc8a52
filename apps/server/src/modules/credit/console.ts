/**
 * Credit in the console (docs/api-credit.md): the loan queue (applied, oldest first), a
 * loan's detail, the decisions (approve — twice by two officers above the threshold —,
 * reject with a reason, disburse, write off), the shortfall list, the product editor and the
 * maker-checker threshold. Operations decide; advisors read their own clients' loans; admin
 * does everything. Decisions take an Idempotency-Key like every money-moving POST.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDIT_DONE,
  LM,
  ZConsoleLoan,
  ZConsoleLoanDetail,
  ZCreditProduct,
  ZCreditProductInput,
  ZCreditSettings,
  ZLoanDecisionRequest,
  ZLoanQueueQuery,
  ZLoanReasonRequest,
  ZPage,
  ZShortfall,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';
import { staffActor, staffOf, viewerOf } from '../../platform/staff-guard.ts';
import { productView } from './views.ts';

const tags = ['console: credit'];
const security = [{ bearer: [] }];
const headers = ZIdempotencyHeaders;
const ZLoanId = z.object({ id: z.uuid({ error: LM.loanNotFound }) });
const ZProductId = z.object({ id: z.uuid({ error: LM.productNotFound }) });

const scopeOf = (request: FastifyRequest) => `staff:${staffOf(request).staffId}`;

export function creditConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { credit, idempotency } = ctx;

    app.get(
      '/credit/loans',
      {
        config: { access: 'loans' },
        schema: {
          tags,
          security,
          querystring: ZLoanQueueQuery,
          response: { 200: envelopeOf(ZPage(ZConsoleLoan)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit, status, client_id } = request.query;
        const rows = await credit.loans.queue(viewerOf(request), {
          status: status === 'all' ? undefined : status,
          clientId: client_id,
          after: decodeCursor(cursor, 2) as [string, string] | null,
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        return ok({ items: page.items.map((r) => r.view), next_cursor: page.next_cursor });
      },
    );

    app.get(
      '/credit/loans/:id',
      {
        config: { access: 'loans' },
        schema: {
          tags,
          security,
          params: ZLoanId,
          response: { 200: envelopeOf(ZConsoleLoanDetail) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await credit.loans.consoleDetail(viewerOf(request), request.params.id));
      },
    );

    app.post(
      '/credit/loans/:id/approve',
      {
        config: { access: 'loanDecide' },
        schema: {
          tags,
          security,
          headers,
          params: ZLoanId,
          body: ZLoanDecisionRequest,
          response: { 200: envelopeOf(ZConsoleLoanDetail) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: CREDIT_DONE.approved },
          (transaction) =>
            credit.loans.approve(request.params.id, {
              staffId: staffOf(request).staffId,
              actor: staffActor(request),
              reason: request.body.reason ?? null,
              transaction,
            }),
        ),
    );

    for (const action of ['reject', 'write-off'] as const) {
      app.post(
        `/credit/loans/:id/${action}`,
        {
          config: { access: 'loanDecide' },
          schema: {
            tags,
            security,
            headers,
            params: ZLoanId,
            body: ZLoanReasonRequest,
            response: { 200: envelopeOf(ZConsoleLoanDetail) },
          },
        },
        async (request, reply) =>
          idempotency.run(
            request,
            reply,
            {
              scope: scopeOf(request),
              message: action === 'reject' ? CREDIT_DONE.rejected : CREDIT_DONE.writtenOff,
            },
            async (transaction) => {
              const options = {
                staffId: staffOf(request).staffId,
                actor: staffActor(request),
                reason: request.body.reason,
                transaction,
              };
              return action === 'reject'
                ? credit.loans.reject(request.params.id, options)
                : credit.loans.writeOff(request.params.id, options);
            },
          ),
      );
    }

    app.post(
      '/credit/loans/:id/disburse',
      {
        config: { access: 'loanDecide' },
        schema: {
          tags,
          security,
          headers,
          params: ZLoanId,
          response: { 200: envelopeOf(ZConsoleLoanDetail) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: CREDIT_DONE.disbursed },
          (transaction) =>
            credit.loans.disburse(request.params.id, {
              staffId: staffOf(request).staffId,
              actor: staffActor(request),
              transaction,
            }),
        ),
    );

    app.post(
      '/credit/loans/:id/invoke-pledge',
      {
        config: { access: 'loanDecide' },
        schema: {
          tags,
          security,
          headers,
          params: ZLoanId,
          response: { 200: envelopeOf(ZConsoleLoanDetail) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: CREDIT_DONE.pledgeInvoked },
          (transaction) =>
            credit.monitoring.invokePledge(request.params.id, {
              staffId: staffOf(request).staffId,
              actor: staffActor(request),
              transaction,
            }),
        ),
    );

    app.get(
      '/credit/shortfalls',
      {
        config: { access: 'loans' },
        schema: { tags, security, response: { 200: envelopeOf(z.array(ZShortfall)) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await credit.monitoring.shortfalls(viewerOf(request)));
      },
    );

    // ---------- Products and settings (admin) ----------

    app.get(
      '/credit/products',
      {
        config: { access: 'loans' },
        schema: { tags, security, response: { 200: envelopeOf(z.array(ZCreditProduct)) } },
      },
      async (_request, reply) => {
        noStore(reply);
        return ok((await credit.products.all()).map(productView));
      },
    );

    app.post(
      '/credit/products',
      {
        config: { access: 'creditProducts' },
        schema: {
          tags,
          security,
          body: ZCreditProductInput,
          response: { 200: envelopeOf(ZCreditProduct) },
        },
      },
      async (request) =>
        ok(
          await credit.products.create(request.body, staffActor(request)),
          CREDIT_DONE.productSaved,
        ),
    );

    app.put(
      '/credit/products/:id',
      {
        config: { access: 'creditProducts' },
        schema: {
          tags,
          security,
          params: ZProductId,
          body: ZCreditProductInput,
          response: { 200: envelopeOf(ZCreditProduct) },
        },
      },
      async (request) =>
        ok(
          await credit.products.update(request.params.id, request.body, staffActor(request)),
          CREDIT_DONE.productSaved,
        ),
    );

    app.get(
      '/credit/settings',
      {
        config: { access: 'loans' },
        schema: { tags, security, response: { 200: envelopeOf(ZCreditSettings) } },
      },
      async (_request, reply) => {
        noStore(reply);
        return ok(await credit.products.settings());
      },
    );

    app.put(
      '/credit/settings',
      {
        config: { access: 'creditProducts' },
        schema: {
          tags,
          security,
          body: ZCreditSettings,
          response: { 200: envelopeOf(ZCreditSettings) },
        },
      },
      async (request) =>
        ok(
          await credit.products.saveSettings(request.body, staffActor(request)),
          CREDIT_DONE.settingsSaved,
        ),
    );
  };
}
