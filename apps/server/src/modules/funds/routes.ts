/**
 * The client's money routes (docs/api-funds.md): `/funds/app/v1/...` and the assets summary
 * `/stat/app/v1/asset`. Every money-moving POST takes an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FM,
  FUNDS_DONE,
  ZAssets,
  ZBankCard,
  ZBankCardAddRequest,
  ZBankCardRemoveRequest,
  ZDepositAccount,
  ZDepositListQuery,
  ZDepositRequest,
  ZDepositView,
  ZFundRecord,
  ZFundsPage,
  ZReceipt,
  ZRecordsQuery,
  ZStatementQuery,
  ZWithdrawalListQuery,
  ZWithdrawalRequest,
  ZWithdrawalView,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok, ZNullEnvelope } from '../../platform/envelope.ts';
import { requireClient } from '../../platform/guards.ts';
import { baseUrlOf, clientOf, noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';
import { statementCsv, statementFileName, statementPdf } from './statement.ts';

const tags = ['funds'];
const security = [{ bearer: [] }];
const headers = ZIdempotencyHeaders;
const ZDepositId = z.object({ id: z.uuid({ error: FM.depositNotFound }) });
const ZWithdrawalId = z.object({ id: z.uuid({ error: FM.withdrawalNotFound }) });
const ZCardId = z.object({ id: z.uuid({ error: FM.bankCardNotFound }) });
const ZPostingId = z.object({ id: z.string().regex(/^\d{1,15}$/, FM.recordNotFound) });

const clientActor = (request: FastifyRequest): Actor => ({
  type: 'client',
  id: clientOf(request).clientId,
  ip: request.ip,
});
const scopeOf = (request: FastifyRequest) => `client:${clientOf(request).clientId}`;
const afterOf = (cursor: string | undefined) => decodeCursor(cursor, 2) as [string, string] | null;

export function fundsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    const { funds, idempotency } = ctx;

    app.get(
      '/stat/app/v1/asset',
      { schema: { tags, security, response: { 200: envelopeOf(ZAssets) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await funds.records.assets(clientOf(request).clientId));
      },
    );

    app.get(
      '/funds/app/v1/deposit-account',
      { schema: { tags, security, response: { 200: envelopeOf(ZDepositAccount) } } },
      async (_request, reply) => {
        noStore(reply);
        return ok(await funds.deposits.depositAccount());
      },
    );

    // ---------- Bank cards ----------

    app.get(
      '/funds/app/v1/bank-cards',
      { schema: { tags, security, response: { 200: envelopeOf(z.array(ZBankCard)) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await funds.bankCards.list(clientOf(request).clientId));
      },
    );

    app.post(
      '/funds/app/v1/bank-cards',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          body: ZBankCardAddRequest,
          response: { 200: envelopeOf(ZBankCard) },
        },
      },
      async (request) =>
        ok(
          await funds.bankCards.add(clientOf(request).clientId, request.body, clientActor(request)),
          FUNDS_DONE.bankCardAdded,
        ),
    );

    app.post(
      '/funds/app/v1/bank-cards/:id/remove',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          params: ZCardId,
          body: ZBankCardRemoveRequest,
          response: { 200: ZNullEnvelope },
        },
      },
      async (request) => {
        await funds.bankCards.remove(
          clientOf(request).clientId,
          request.params.id,
          request.body.pin,
          clientActor(request),
        );
        return ok(null, FUNDS_DONE.bankCardRemoved);
      },
    );

    // ---------- Deposits ----------

    app.get(
      '/funds/app/v1/deposits',
      {
        schema: {
          tags,
          security,
          querystring: ZDepositListQuery,
          response: { 200: envelopeOf(ZFundsPage(ZDepositView)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit, status } = request.query;
        const rows = await funds.deposits.listOfClient(
          clientOf(request).clientId,
          { status, after: afterOf(cursor), limit },
          baseUrlOf(ctx.config, request),
        );
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        return ok({ items: page.items.map((r) => r.view), next_cursor: page.next_cursor });
      },
    );

    app.post(
      '/funds/app/v1/deposits',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers,
          body: ZDepositRequest,
          response: { 200: envelopeOf(ZDepositView) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: FUNDS_DONE.depositRequested },
          (transaction) =>
            funds.deposits.request(clientOf(request).clientId, request.body, {
              baseUrl: baseUrlOf(ctx.config, request),
              actor: clientActor(request),
              transaction,
            }),
        ),
    );

    app.get(
      '/funds/app/v1/deposits/:id',
      {
        schema: { tags, security, params: ZDepositId, response: { 200: envelopeOf(ZDepositView) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await funds.deposits.ofClient(
            clientOf(request).clientId,
            request.params.id,
            baseUrlOf(ctx.config, request),
          ),
        );
      },
    );

    app.post(
      '/funds/app/v1/deposits/:id/cancel',
      {
        schema: {
          tags,
          security,
          headers,
          params: ZDepositId,
          response: { 200: envelopeOf(ZDepositView) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: FUNDS_DONE.depositCancelled },
          (transaction) =>
            funds.deposits.cancel(clientOf(request).clientId, request.params.id, {
              baseUrl: baseUrlOf(ctx.config, request),
              actor: clientActor(request),
              transaction,
            }),
        ),
    );

    // ---------- Withdrawals ----------

    app.get(
      '/funds/app/v1/withdrawals',
      {
        schema: {
          tags,
          security,
          querystring: ZWithdrawalListQuery,
          response: { 200: envelopeOf(ZFundsPage(ZWithdrawalView)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit, status } = request.query;
        const rows = await funds.withdrawals.listOfClient(clientOf(request).clientId, {
          status,
          after: afterOf(cursor),
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        return ok({ items: page.items.map((r) => r.view), next_cursor: page.next_cursor });
      },
    );

    app.post(
      '/funds/app/v1/withdrawals',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers,
          body: ZWithdrawalRequest,
          response: { 200: envelopeOf(ZWithdrawalView) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: FUNDS_DONE.withdrawalRequested },
          (transaction) =>
            funds.withdrawals.request(clientOf(request).clientId, request.body, {
              actor: clientActor(request),
              transaction,
            }),
        ),
    );

    app.get(
      '/funds/app/v1/withdrawals/:id',
      {
        schema: {
          tags,
          security,
          params: ZWithdrawalId,
          response: { 200: envelopeOf(ZWithdrawalView) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await funds.withdrawals.ofClient(clientOf(request).clientId, request.params.id));
      },
    );

    app.post(
      '/funds/app/v1/withdrawals/:id/cancel',
      {
        schema: {
          tags,
          security,
          headers,
          params: ZWithdrawalId,
          response: { 200: envelopeOf(ZWithdrawalView) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: FUNDS_DONE.withdrawalCancelled },
          (transaction) =>
            funds.withdrawals.cancel(clientOf(request).clientId, request.params.id, {
              actor: clientActor(request),
              transaction,
            }),
        ),
    );

    // ---------- Records and statements ----------

    app.get(
      '/funds/app/v1/records',
      {
        schema: {
          tags,
          security,
          querystring: ZRecordsQuery,
          response: { 200: envelopeOf(ZFundsPage(ZFundRecord)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await funds.records.list(clientOf(request).clientId, request.query));
      },
    );

    app.get(
      '/funds/app/v1/records/:id',
      { schema: { tags, security, params: ZPostingId, response: { 200: envelopeOf(ZReceipt) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await funds.records.receipt(
            clientOf(request).clientId,
            Number(request.params.id),
            baseUrlOf(ctx.config, request),
          ),
        );
      },
    );

    app.get(
      '/funds/app/v1/statement',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          querystring: ZStatementQuery,
          produces: ['text/csv', 'application/pdf'],
          description: 'The file itself (not the JSON envelope) on 200.',
        },
      },
      async (request, reply) => {
        const { from, to, format } = request.query;
        const data = await funds.records.statement(
          clientOf(request).clientId,
          from,
          to,
          ctx.clock.now(),
        );
        noStore(reply).header(
          'Content-Disposition',
          `attachment; filename="${statementFileName(data, format)}"`,
        );
        if (format === 'pdf') return reply.type('application/pdf').send(await statementPdf(data));
        return reply.type('text/csv; charset=utf-8').send(statementCsv(data));
      },
    );
  };
}
