/** The client's trading routes (docs/api-trading.md): `/trade/app/v1/...` and the portfolio. */
import type { FastifyInstance } from 'fastify';
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
import { notFound } from '../../platform/errors.ts';
import { clientOf } from '../../platform/http.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { contractNotePdf } from './contract-note-pdf.ts';
import { holdingsCsv, taxPnlCsv, taxPnlFileName, taxPnlPdf } from './tax-pnl-files.ts';
import type { GttEditInput, GttInput } from './gtts.ts';
import type { OrderInput } from './orders.ts';

/** The client and the session's trading window, as the orders route's guard read them. */
function traderOf(request: Parameters<typeof clientOf>[0]) {
  const { client, tradingWindow } = clientOf(request);
  return client && tradingWindow !== undefined ? { client, window: tradingWindow } : undefined;
}

const ZOrderId = idParam(TM.orderNotFound);
const ZDealId = idParam(TM.offeringNotFound);
const ZGttId = idParam(GM.notFound);
const ZNoteNo = z.object({ no: z.string().regex(/^CN\d{8}-\d{8,}$/, TM.orderNotFound) });

const DONE_BY_TYPE = {
  market: TRADING_DONE.orderPlaced,
  limit: TRADING_DONE.orderPlaced,
  sl: TRADING_DONE.orderPlaced,
  sl_m: TRADING_DONE.orderPlaced,
  institutional: TRADING_DONE.requestPlaced,
  otc: TRADING_DONE.takePlaced,
  ipo: TRADING_DONE.bidPlaced,
} as const;

/** What each group of routes registers with: the client kit and the signed-in client's id. */
type ClientRoutes = {
  ctx: AppContext;
  kit: RouteKit;
  me: (request: Parameters<typeof clientOf>[0]) => string;
};

export function tradingRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { idempotency } = ctx;
    const kit = routeKit(
      instance,
      { kind: 'client', auth: ctx.auth },
      { tags: ['trading'], idempotency },
    );
    const me = (request: Parameters<typeof clientOf>[0]) => clientOf(request).clientId;
    const routes: ClientRoutes = { ctx, kit, me };
    registerDeals(routes);
    registerOrders(routes);
    registerGtts(routes);
    registerContractNotes(routes);
    registerHoldingsAndTax(routes);
  };
}

/** The charge schedule and the open deals. */
function registerDeals(routes: ClientRoutes) {
  const { kit } = routes;
  const { trading } = routes.ctx;

  kit.query('GET', '/trade/app/v1/charges', { response: ZChargeSchedule }, async () =>
    trading.charges.current(),
  );

  kit.query(
    'GET',
    '/trade/app/v1/deals',
    { querystring: ZDealsQuery, response: z.array(ZOffering) },
    async (request) => {
      const deals = await trading.openDeals();
      const { kind } = request.query;
      return kind ? deals[kind] : [...deals.institutional, ...deals.otc, ...deals.ipo];
    },
  );

  kit.query(
    'GET',
    '/trade/app/v1/deals/:id',
    { params: ZDealId, response: ZOffering },
    async (request) => {
      const { institutional, otc, ipo } = await trading.openDeals();
      const deal = [...institutional, ...otc, ...ipo].find((d) => d.id === request.params.id);
      if (!deal) throw notFound(TM.offeringNotFound);
      return deal;
    },
  );
}

/** Orders: place, list, read, cancel, modify. */
function registerOrders(routes: ClientRoutes) {
  const { kit, me } = routes;
  const { trading } = routes.ctx;

  kit.command(
    'POST',
    '/trade/app/v1/orders',
    {
      perMinute: 60,
      // The guard reads the client and the session's trading window with the session, so a
      // buy at the open checks its PIN without another round trip (decision 084).
      clientRow: 'trading',
      body: ZOrderRequest,
      response: ZOrder,
      message: (request) => DONE_BY_TYPE[(request.body as OrderInput).type],
    },
    (request, { transaction, actor }) =>
      trading.orders.place(me(request), request.body as OrderInput, {
        actor,
        sessionId: clientOf(request).sessionId,
        transaction,
      }),
    (request, { claim, actor }) =>
      trading.orders.placeTogether({
        clientId: me(request),
        input: request.body as OrderInput,
        actor,
        sessionId: clientOf(request).sessionId,
        claim,
        trader: traderOf(request),
      }),
  );

  kit.query(
    'GET',
    '/trade/app/v1/orders',
    { querystring: ZOrderListQuery, response: ZOrdersPage },
    async (request) => {
      const page = await trading.orders.listOfClient(me(request), request.query);
      return { items: await trading.orders.views(page.items), next_cursor: page.next_cursor };
    },
  );

  kit.query(
    'GET',
    '/trade/app/v1/orders/:id',
    { params: ZOrderId, response: ZOrder },
    async (request) => trading.orders.ofClient(me(request), request.params.id),
  );

  kit.command(
    'POST',
    '/trade/app/v1/orders/:id/cancel',
    { params: ZOrderId, response: ZOrder, message: TRADING_DONE.orderCancelled },
    (request, { transaction, actor }) =>
      trading.orders.cancel(me(request), request.params.id, { actor, transaction }),
  );

  kit.command(
    'POST',
    '/trade/app/v1/orders/:id/modify',
    {
      perMinute: 60,
      params: ZOrderId,
      body: ZOrderModifyRequest,
      response: ZOrder,
      message: TRADING_DONE.orderModified,
    },
    (request, { transaction, actor }) =>
      trading.orders.modify(me(request), request.params.id, request.body, {
        actor,
        sessionId: clientOf(request).sessionId,
        transaction,
      }),
  );
}

/** GTTs: set, list, read, edit, delete. */
function registerGtts(routes: ClientRoutes) {
  const { kit, me } = routes;
  const { trading } = routes.ctx;

  kit.command(
    'POST',
    '/trade/app/v1/gtts',
    { perMinute: 60, body: ZGttCreate, response: ZGtt, message: GTT_DONE.created },
    (request, { transaction, actor }) =>
      trading.gtts.create(me(request), request.body as GttInput, {
        actor,
        sessionId: clientOf(request).sessionId,
        transaction,
      }),
  );

  kit.query(
    'GET',
    '/trade/app/v1/gtts',
    { querystring: ZGttListQuery, response: z.array(ZGtt) },
    async (request) => trading.gtts.list(me(request), request.query.view),
  );

  kit.query('GET', '/trade/app/v1/gtts/:id', { params: ZGttId, response: ZGtt }, async (request) =>
    trading.gtts.ofClient(me(request), request.params.id),
  );

  kit.command(
    'POST',
    '/trade/app/v1/gtts/:id/modify',
    { perMinute: 60, params: ZGttId, body: ZGttEdit, response: ZGtt, message: GTT_DONE.edited },
    (request, { transaction, actor }) =>
      trading.gtts.edit(me(request), request.params.id, request.body as GttEditInput, {
        actor,
        sessionId: clientOf(request).sessionId,
        transaction,
      }),
  );

  kit.query(
    'DELETE',
    '/trade/app/v1/gtts/:id',
    { params: ZGttId, response: ZGtt, message: GTT_DONE.deleted },
    async (request) =>
      trading.gtts.remove(me(request), request.params.id, { actor: kit.actorOf(request) }),
  );
}

/** Contract notes, as JSON and as PDF. */
function registerContractNotes(routes: ClientRoutes) {
  const { kit, me } = routes;
  const { trading } = routes.ctx;

  kit.query(
    'GET',
    '/trade/app/v1/contract-notes/:no',
    { params: ZNoteNo, response: ZContractNote },
    async (request) => trading.contractNotes.note(me(request), request.params.no),
  );

  kit.raw(
    'GET',
    '/trade/app/v1/contract-notes/:no/pdf',
    { params: ZNoteNo },
    async (request, reply) => {
      const note = await trading.contractNotes.note(me(request), request.params.no);
      const name = `contract-note-${note.contract_note_no}.pdf`;
      reply.header('Content-Disposition', `attachment; filename="${name}"`);
      const pdf = await contractNotePdf(note, { signer: routes.ctx.documentSigner });
      return reply.type('application/pdf').send(pdf);
    },
  );
}

/** Holdings and their export, the tax P&L and its files, the portfolio. */
function registerHoldingsAndTax(routes: ClientRoutes) {
  const { kit, me } = routes;
  const { trading } = routes.ctx;

  kit.query('GET', '/trade/app/v1/holdings', { response: z.array(ZHolding) }, async (request) =>
    trading.portfolio.holdingsOf(me(request)),
  );

  kit.raw(
    'GET',
    '/trade/app/v1/holdings/export',
    {
      perMinute: 20,
      produces: ['text/csv'],
      description:
        'The holdings as CSV (ISIN, quantity, average cost, value), not the JSON envelope.',
    },
    async (request, reply) => {
      const { owner, holdings } = await trading.holdingsExport(me(request));
      const day = routes.ctx.clock.now().toISOString().slice(0, 10);
      reply.header(
        'Content-Disposition',
        `attachment; filename="holdings-${owner.uid}-${day}.csv"`,
      );
      return reply.type('text/csv; charset=utf-8').send(holdingsCsv(holdings));
    },
  );

  kit.query(
    'GET',
    '/trade/app/v1/tax-pnl',
    { querystring: ZTaxPnlQuery, response: ZTaxPnl },
    async (request) => (await trading.taxReport(me(request), request.query.year)).report,
  );

  kit.raw(
    'GET',
    '/trade/app/v1/tax-pnl/file',
    {
      perMinute: 20,
      querystring: ZTaxPnlFileQuery,
      produces: ['text/csv', 'application/pdf'],
      description: 'The file itself (not the JSON envelope) on 200.',
    },
    async (request, reply) => {
      const { year, format } = request.query;
      const { owner, report } = await trading.taxReport(me(request), year);
      const name = taxPnlFileName(owner, report, format);
      reply.header('Content-Disposition', `attachment; filename="${name}"`);
      if (format === 'pdf')
        return reply.type('application/pdf').send(await taxPnlPdf(owner, report));
      return reply.type('text/csv; charset=utf-8').send(taxPnlCsv(owner, report));
    },
  );

  kit.query('GET', '/stat/app/v1/portfolio', { response: ZPortfolio }, async (request) =>
    trading.portfolio.portfolio(me(request)),
  );
}
