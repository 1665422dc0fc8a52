/** The client's trading routes (docs/api-trading.md): `/trade/app/v1/...` and the portfolio. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TM,
  TRADING_DONE,
  ZChargeSchedule,
  ZContractNote,
  ZDealsQuery,
  ZHolding,
  ZOffering,
  ZOrder,
  ZOrderListQuery,
  ZOrderModifyRequest,
  ZOrderRequest,
  ZOrdersPage,
  ZPortfolio,
  GM,
  GTT_DONE,
  ZGtt,
  ZGttCreate,
  ZGttEdit,
  ZGttListQuery,
  ZTaxPnl,
  ZTaxPnlFileQuery,
  ZTaxPnlQuery,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';
import { contractNotePdf } from './contract-notes.ts';
import { holdingsCsv, taxPnlCsv, taxPnlFileName, taxPnlPdf } from './tax-pnl-files.ts';
import type { GttEditInput, GttInput } from './gtts.ts';
import type { OrderInput } from './orders.ts';

const tags = ['trading'];
const security = [{ bearer: [] }];
const headers = ZIdempotencyHeaders;
const ZOrderId = z.object({ id: z.uuid({ error: TM.orderNotFound }) });
const ZDealId = z.object({ id: z.uuid({ error: TM.offeringNotFound }) });
const ZGttId = z.object({ id: z.uuid({ error: GM.notFound }) });
const ZNoteNo = z.object({ no: z.string().regex(/^CN\d{8}-\d{8,}$/, TM.orderNotFound) });

const clientActor = (request: FastifyRequest): Actor => ({
  type: 'client',
  id: clientOf(request).clientId,
  ip: request.ip,
});
const scopeOf = (request: FastifyRequest) => `client:${clientOf(request).clientId}`;

const DONE_BY_TYPE = {
  market: TRADING_DONE.orderPlaced,
  limit: TRADING_DONE.orderPlaced,
  sl: TRADING_DONE.orderPlaced,
  sl_m: TRADING_DONE.orderPlaced,
  institutional: TRADING_DONE.requestPlaced,
  otc: TRADING_DONE.takePlaced,
  ipo: TRADING_DONE.bidPlaced,
} as const;

export function tradingRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    const { trading, idempotency } = ctx;

    app.get(
      '/trade/app/v1/charges',
      { schema: { tags, security, response: { 200: envelopeOf(ZChargeSchedule) } } },
      async () => ok(await trading.charges.current()),
    );

    app.get(
      '/trade/app/v1/deals',
      {
        schema: {
          tags,
          security,
          querystring: ZDealsQuery,
          response: { 200: envelopeOf(z.array(ZOffering)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const deals = await trading.openDeals();
        const { kind } = request.query;
        return ok(kind ? deals[kind] : [...deals.institutional, ...deals.otc, ...deals.ipo]);
      },
    );

    app.get(
      '/trade/app/v1/deals/:id',
      { schema: { tags, security, params: ZDealId, response: { 200: envelopeOf(ZOffering) } } },
      async (request, reply) => {
        noStore(reply);
        const { institutional, otc, ipo } = await trading.openDeals();
        const deal = [...institutional, ...otc, ...ipo].find((d) => d.id === request.params.id);
        if (!deal) throw notFound(TM.offeringNotFound);
        return ok(deal);
      },
    );

    app.post(
      '/trade/app/v1/orders',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers,
          body: ZOrderRequest,
          response: { 200: envelopeOf(ZOrder) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: DONE_BY_TYPE[request.body.type] },
          (transaction) =>
            trading.orders.place(clientOf(request).clientId, request.body as OrderInput, {
              actor: clientActor(request),
              sessionId: clientOf(request).sessionId,
              transaction,
            }),
        ),
    );

    app.get(
      '/trade/app/v1/orders',
      {
        schema: {
          tags,
          security,
          querystring: ZOrderListQuery,
          response: { 200: envelopeOf(ZOrdersPage) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const page = await trading.orders.listOfClient(clientOf(request).clientId, request.query);
        return ok({ items: await trading.orders.views(page.items), next_cursor: page.next_cursor });
      },
    );

    app.get(
      '/trade/app/v1/orders/:id',
      { schema: { tags, security, params: ZOrderId, response: { 200: envelopeOf(ZOrder) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await trading.orders.ofClient(clientOf(request).clientId, request.params.id));
      },
    );

    app.post(
      '/trade/app/v1/orders/:id/cancel',
      {
        schema: {
          tags,
          security,
          headers,
          params: ZOrderId,
          response: { 200: envelopeOf(ZOrder) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: TRADING_DONE.orderCancelled },
          (transaction) =>
            trading.orders.cancel(clientOf(request).clientId, request.params.id, {
              actor: clientActor(request),
              transaction,
            }),
        ),
    );

    app.post(
      '/trade/app/v1/orders/:id/modify',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers,
          params: ZOrderId,
          body: ZOrderModifyRequest,
          response: { 200: envelopeOf(ZOrder) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: TRADING_DONE.orderModified },
          (transaction) =>
            trading.orders.modify(clientOf(request).clientId, request.params.id, request.body, {
              actor: clientActor(request),
              sessionId: clientOf(request).sessionId,
              transaction,
            }),
        ),
    );

    app.post(
      '/trade/app/v1/gtts',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, security, headers, body: ZGttCreate, response: { 200: envelopeOf(ZGtt) } },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: GTT_DONE.created },
          (transaction) =>
            trading.gtts.create(clientOf(request).clientId, request.body as GttInput, {
              actor: clientActor(request),
              sessionId: clientOf(request).sessionId,
              transaction,
            }),
        ),
    );

    app.get(
      '/trade/app/v1/gtts',
      {
        schema: {
          tags,
          security,
          querystring: ZGttListQuery,
          response: { 200: envelopeOf(z.array(ZGtt)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await trading.gtts.list(clientOf(request).clientId, request.query.view));
      },
    );

    app.get(
      '/trade/app/v1/gtts/:id',
      { schema: { tags, security, params: ZGttId, response: { 200: envelopeOf(ZGtt) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await trading.gtts.ofClient(clientOf(request).clientId, request.params.id));
      },
    );

    app.post(
      '/trade/app/v1/gtts/:id/modify',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          headers,
          params: ZGttId,
          body: ZGttEdit,
          response: { 200: envelopeOf(ZGtt) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: GTT_DONE.edited },
          (transaction) =>
            trading.gtts.edit(
              clientOf(request).clientId,
              request.params.id,
              request.body as GttEditInput,
              {
                actor: clientActor(request),
                sessionId: clientOf(request).sessionId,
                transaction,
              },
            ),
        ),
    );

    app.delete(
      '/trade/app/v1/gtts/:id',
      { schema: { tags, security, params: ZGttId, response: { 200: envelopeOf(ZGtt) } } },
      async (request) =>
        ok(
          await trading.gtts.remove(clientOf(request).clientId, request.params.id, {
            actor: clientActor(request),
          }),
          GTT_DONE.deleted,
        ),
    );

    app.get(
      '/trade/app/v1/contract-notes/:no',
      { schema: { tags, security, params: ZNoteNo, response: { 200: envelopeOf(ZContractNote) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await trading.contractNotes.note(clientOf(request).clientId, request.params.no));
      },
    );

    app.get(
      '/trade/app/v1/contract-notes/:no/pdf',
      { schema: { tags, security, params: ZNoteNo } },
      async (request, reply) => {
        const note = await trading.contractNotes.note(
          clientOf(request).clientId,
          request.params.no,
        );
        noStore(reply).header(
          'Content-Disposition',
          `attachment; filename="contract-note-${note.contract_note_no}.pdf"`,
        );
        return reply.type('application/pdf').send(await contractNotePdf(note));
      },
    );

    app.get(
      '/trade/app/v1/holdings',
      { schema: { tags, security, response: { 200: envelopeOf(z.array(ZHolding)) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await trading.portfolio.holdingsOf(clientOf(request).clientId));
      },
    );

    app.get(
      '/trade/app/v1/holdings/export',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          produces: ['text/csv'],
          description:
            'The holdings as CSV (ISIN, quantity, average cost, value), not the JSON envelope.',
        },
      },
      async (request, reply) => {
        const { owner, holdings } = await trading.holdingsExport(clientOf(request).clientId);
        noStore(reply).header(
          'Content-Disposition',
          `attachment; filename="holdings-${owner.uid}-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`,
        );
        return reply.type('text/csv; charset=utf-8').send(holdingsCsv(holdings));
      },
    );

    app.get(
      '/trade/app/v1/tax-pnl',
      {
        schema: {
          tags,
          security,
          querystring: ZTaxPnlQuery,
          response: { 200: envelopeOf(ZTaxPnl) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { report } = await trading.taxReport(clientOf(request).clientId, request.query.year);
        return ok(report);
      },
    );

    app.get(
      '/trade/app/v1/tax-pnl/file',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          querystring: ZTaxPnlFileQuery,
          produces: ['text/csv', 'application/pdf'],
          description: 'The file itself (not the JSON envelope) on 200.',
        },
      },
      async (request, reply) => {
        const { year, format } = request.query;
        const { owner, report } = await trading.taxReport(clientOf(request).clientId, year);
        noStore(reply).header(
          'Content-Disposition',
          `attachment; filename="${taxPnlFileName(owner, report, format)}"`,
        );
        if (format === 'pdf')
          return reply.type('application/pdf').send(await taxPnlPdf(owner, report));
        return reply.type('text/csv; charset=utf-8').send(taxPnlCsv(owner, report));
      },
    );

    app.get(
      '/stat/app/v1/portfolio',
      { schema: { tags, security, response: { 200: envelopeOf(ZPortfolio) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await trading.portfolio.portfolio(clientOf(request).clientId));
      },
    );
  };
}
