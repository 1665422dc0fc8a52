/**
 * The trading desk in the console (docs/api-trading.md): operations (and admin) publish
 * offerings, work the institutional and OTC queues, run IPO allotments and listings, and
 * set the charge schedule (admin). Support and advisors may read one client's orders (an
 * advisor only their own clients'). Decisions take an Idempotency-Key and are audited.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type TDeskOrder,
  TM,
  TRADING_DONE,
  ZAllocateRequest,
  ZAllocationCreate,
  ZAllotmentResult,
  ZAllotRequest,
  ZChargeSchedule,
  ZChargeScheduleUpdate,
  ZDeskOrder,
  ZDeskOrdersPage,
  ZDeskQueueQuery,
  ZInstitutionalOffering,
  ZInstrumentReference,
  ZIpoCreate,
  ZIpoIssue,
  ZOfferingListQuery,
  ZOrderRejectRequest,
  ZOtcQuote,
  ZOtcQuoteCreate,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { staffOf, viewerOf } from '../../platform/staff-guard.ts';
import type { OrderRow } from './execution.ts';

const ZId = idParam(TM.offeringNotFound);
const ZOrderId = idParam(TM.orderNotFound);
const ZSymbol = z.object({ symbol: z.string().trim().min(1).max(32) });
const PREFIX = '/trading';

/** What each group of routes registers with. */
type DeskRoutes = { ctx: AppContext; kit: RouteKit };

export function tradingConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { idempotency } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: trading'], idempotency });
    const routes: DeskRoutes = { ctx, kit };
    registerOfferings(routes);
    registerIpos(routes);
    registerDeskOrders(routes);
    registerCharges(routes);
  };
}

/** The reference data of a scrip, the institutional allocations and the OTC quotes. */
function registerOfferings(routes: DeskRoutes) {
  const { kit } = routes;
  const { offerings } = routes.ctx.trading;

  kit.query(
    'GET',
    `${PREFIX}/reference/:symbol`,
    { access: 'trading', params: ZSymbol, response: ZInstrumentReference },
    async (request) => offerings.reference(request.params.symbol),
  );

  kit.query(
    'GET',
    `${PREFIX}/allocations`,
    {
      access: 'trading',
      querystring: ZOfferingListQuery,
      response: z.array(ZInstitutionalOffering),
    },
    async (request) => offerings.allocations(request.query.status),
  );
  kit.query(
    'POST',
    `${PREFIX}/allocations`,
    {
      access: 'trading',
      body: ZAllocationCreate,
      response: ZInstitutionalOffering,
      message: TRADING_DONE.offeringCreated,
    },
    async (request) =>
      offerings.createAllocation(request.body, staffOf(request).staffId, kit.actorOf(request)),
  );
  kit.query(
    'POST',
    `${PREFIX}/allocations/:id/close`,
    {
      access: 'trading',
      params: ZId,
      response: ZInstitutionalOffering,
      message: TRADING_DONE.offeringClosed,
    },
    async (request) => offerings.closeAllocation(request.params.id, kit.actorOf(request)),
  );

  kit.query(
    'GET',
    `${PREFIX}/otc-quotes`,
    { access: 'trading', querystring: ZOfferingListQuery, response: z.array(ZOtcQuote) },
    async (request) => offerings.quotes(request.query.status),
  );
  kit.query(
    'POST',
    `${PREFIX}/otc-quotes`,
    {
      access: 'trading',
      body: ZOtcQuoteCreate,
      response: ZOtcQuote,
      message: TRADING_DONE.offeringCreated,
    },
    async (request) =>
      offerings.createQuote(request.body, staffOf(request).staffId, kit.actorOf(request)),
  );
  kit.query(
    'POST',
    `${PREFIX}/otc-quotes/:id/close`,
    { access: 'trading', params: ZId, response: ZOtcQuote, message: TRADING_DONE.offeringClosed },
    async (request) => offerings.closeQuote(request.params.id, kit.actorOf(request)),
  );
}

/** IPO issues: publish, read, close, allot, list. */
function registerIpos(routes: DeskRoutes) {
  const { kit } = routes;
  const { offerings } = routes.ctx.trading;

  kit.query(
    'GET',
    `${PREFIX}/ipos`,
    { access: 'trading', querystring: ZOfferingListQuery, response: z.array(ZIpoIssue) },
    async (request) => offerings.ipos(request.query.status),
  );
  kit.query(
    'POST',
    `${PREFIX}/ipos`,
    {
      access: 'trading',
      body: ZIpoCreate,
      response: ZIpoIssue,
      message: TRADING_DONE.offeringCreated,
    },
    async (request) =>
      offerings.createIpo(request.body, staffOf(request).staffId, kit.actorOf(request)),
  );
  kit.query(
    'GET',
    `${PREFIX}/ipos/:id`,
    { access: 'trading', params: ZId, response: ZIpoIssue },
    async (request) => offerings.ipo(request.params.id),
  );
  kit.query(
    'POST',
    `${PREFIX}/ipos/:id/close`,
    { access: 'trading', params: ZId, response: ZIpoIssue, message: TRADING_DONE.offeringClosed },
    async (request) => offerings.closeIpo(request.params.id, kit.actorOf(request)),
  );
  kit.command(
    'POST',
    `${PREFIX}/ipos/:id/allot`,
    {
      access: 'trading',
      params: ZId,
      body: ZAllotRequest,
      response: ZAllotmentResult,
      message: TRADING_DONE.allotted,
    },
    (request, { transaction, actor }) =>
      offerings.allotIpo(request.params.id, request.body.seed, { actor, transaction }),
  );
  kit.query(
    'GET',
    `${PREFIX}/ipos/:id/allotment`,
    { access: 'trading', params: ZId, response: ZAllotmentResult },
    async (request) => offerings.allotment(request.params.id),
  );
  kit.query(
    'POST',
    `${PREFIX}/ipos/:id/list`,
    { access: 'trading', params: ZId, response: ZIpoIssue, message: TRADING_DONE.listed },
    async (request) => offerings.listIpo(request.params.id, kit.actorOf(request)),
  );
}

/** The desk's order queue and its decisions on awaiting orders. */
function registerDeskOrders(routes: DeskRoutes) {
  const { kit, ctx } = routes;
  const { trading, db } = ctx;
  const { orders } = trading;

  async function deskViews(rows: OrderRow[], executor: Executor = db): Promise<TDeskOrder[]> {
    const views = await orders.views(rows, executor);
    const byId = await ctx.clients.refsOf(
      rows.map((r) => r.clientId),
      executor,
    );
    return views.map((v, i) => {
      const person = byId.get(rows[i]!.clientId);
      return {
        ...v,
        client: { id: rows[i]!.clientId, name: person?.name ?? null, uid: person?.uid ?? '' },
      };
    });
  }
  const deskView = async (row: OrderRow, executor: Executor) =>
    (await deskViews([row], executor))[0]!;

  kit.query(
    'GET',
    `${PREFIX}/orders`,
    { access: 'clientOrders', querystring: ZDeskQueueQuery, response: ZDeskOrdersPage },
    async (request) => {
      const query = request.query;
      const page = await trading.ordersSeenBy(viewerOf(request), {
        limit: query.limit,
        cursor: query.cursor,
        type: query.type,
        status: query.status === 'all' ? undefined : query.status,
        clientId: query.client_id,
        offeringId: query.offering_id,
        order: query.status === 'awaiting' ? 'oldest' : 'newest',
      });
      return { items: await deskViews(page.items), next_cursor: page.next_cursor };
    },
  );

  const decide = (
    action: 'allocate' | 'confirm' | 'reject',
    message: string,
    body?: typeof ZAllocateRequest | typeof ZOrderRejectRequest,
  ) =>
    kit.command(
      'POST',
      `${PREFIX}/orders/:id/${action}`,
      { access: 'trading', params: ZOrderId, body, response: ZDeskOrder, message },
      (request, { transaction, actor }) => {
        const options = { actor, transaction, present: deskView };
        const input = (request.body ?? {}) as { quantity?: number; reason?: string };
        return action === 'allocate'
          ? orders.allocate(request.params.id, input.quantity ?? 0, options)
          : action === 'confirm'
            ? orders.confirm(request.params.id, options)
            : orders.reject(request.params.id, input.reason!, options);
      },
    );
  decide('allocate', TRADING_DONE.allocated, ZAllocateRequest);
  decide('confirm', TRADING_DONE.confirmed);
  decide('reject', TRADING_DONE.rejected, ZOrderRejectRequest);
}

/** The charge schedule: read, and set (admin). */
function registerCharges(routes: DeskRoutes) {
  const { kit } = routes;
  const { trading } = routes.ctx;

  kit.query(
    'GET',
    `${PREFIX}/charges`,
    { access: 'trading', response: ZChargeSchedule },
    async () => trading.charges.current(),
  );
  kit.query(
    'PUT',
    `${PREFIX}/charges`,
    {
      access: 'chargesEdit',
      body: ZChargeScheduleUpdate,
      response: ZChargeSchedule,
      message: TRADING_DONE.chargesSaved,
    },
    async (request) => trading.charges.save(request.body, kit.actorOf(request)),
  );
}
