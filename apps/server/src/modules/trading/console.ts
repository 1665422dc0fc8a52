/**
 * The trading desk in the console (docs/api-trading.md): operations (and admin) publish
 * offerings, work the institutional and OTC queues, run IPO allotments and listings, and
 * set the charge schedule (admin). Support and advisors may read one client's orders (an
 * advisor only their own clients'). Decisions take an Idempotency-Key and are audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';
import { staffActor, staffOf, viewerOf } from '../../platform/staff-guard.ts';
import type { OrderRow } from './execution.ts';

const tags = ['console: trading'];
const security = [{ bearer: [] }];
const headers = ZIdempotencyHeaders;
const ZId = z.object({ id: z.uuid({ error: TM.offeringNotFound }) });
const ZOrderId = z.object({ id: z.uuid({ error: TM.orderNotFound }) });
const ZSymbol = z.object({ symbol: z.string().trim().min(1).max(32) });
const scopeOf = (request: FastifyRequest) => `staff:${staffOf(request).staffId}`;
const PREFIX = '/trading';

export function tradingConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { trading, idempotency, db } = ctx;
    const { offerings, orders } = trading;

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

    app.get(
      `${PREFIX}/reference/:symbol`,
      {
        config: { access: 'trading' },
        schema: {
          tags,
          security,
          params: ZSymbol,
          response: { 200: envelopeOf(ZInstrumentReference) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(offerings.reference(request.params.symbol));
      },
    );

    // ---------- Offerings ----------

    app.get(
      `${PREFIX}/allocations`,
      {
        config: { access: 'trading' },
        schema: {
          tags,
          security,
          querystring: ZOfferingListQuery,
          response: { 200: envelopeOf(z.array(ZInstitutionalOffering)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await offerings.allocations(request.query.status));
      },
    );
    app.post(
      `${PREFIX}/allocations`,
      {
        config: { access: 'trading' },
        schema: {
          tags,
          security,
          body: ZAllocationCreate,
          response: { 200: envelopeOf(ZInstitutionalOffering) },
        },
      },
      async (request) =>
        ok(
          await offerings.createAllocation(
            request.body,
            staffOf(request).staffId,
            staffActor(request),
          ),
          TRADING_DONE.offeringCreated,
        ),
    );
    app.post(
      `${PREFIX}/allocations/:id/close`,
      {
        config: { access: 'trading' },
        schema: {
          tags,
          security,
          params: ZId,
          response: { 200: envelopeOf(ZInstitutionalOffering) },
        },
      },
      async (request) =>
        ok(
          await offerings.closeAllocation(request.params.id, staffActor(request)),
          TRADING_DONE.offeringClosed,
        ),
    );

    app.get(
      `${PREFIX}/otc-quotes`,
      {
        config: { access: 'trading' },
        schema: {
          tags,
          security,
          querystring: ZOfferingListQuery,
          response: { 200: envelopeOf(z.array(ZOtcQuote)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await offerings.quotes(request.query.status));
      },
    );
    app.post(
      `${PREFIX}/otc-quotes`,
      {
        config: { access: 'trading' },
        schema: { tags, security, body: ZOtcQuoteCreate, response: { 200: envelopeOf(ZOtcQuote) } },
      },
      async (request) =>
        ok(
          await offerings.createQuote(request.body, staffOf(request).staffId, staffActor(request)),
          TRADING_DONE.offeringCreated,
        ),
    );
    app.post(
      `${PREFIX}/otc-quotes/:id/close`,
      {
        config: { access: 'trading' },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZOtcQuote) } },
      },
      async (request) =>
        ok(
          await offerings.closeQuote(request.params.id, staffActor(request)),
          TRADING_DONE.offeringClosed,
        ),
    );

    app.get(
      `${PREFIX}/ipos`,
      {
        config: { access: 'trading' },
        schema: {
          tags,
          security,
          querystring: ZOfferingListQuery,
          response: { 200: envelopeOf(z.array(ZIpoIssue)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await offerings.ipos(request.query.status));
      },
    );
    app.post(
      `${PREFIX}/ipos`,
      {
        config: { access: 'trading' },
        schema: { tags, security, body: ZIpoCreate, response: { 200: envelopeOf(ZIpoIssue) } },
      },
      async (request) =>
        ok(
          await offerings.createIpo(request.body, staffOf(request).staffId, staffActor(request)),
          TRADING_DONE.offeringCreated,
        ),
    );
    app.get(
      `${PREFIX}/ipos/:id`,
      {
        config: { access: 'trading' },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZIpoIssue) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await offerings.ipo(request.params.id));
      },
    );
    app.post(
      `${PREFIX}/ipos/:id/close`,
      {
        config: { access: 'trading' },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZIpoIssue) } },
      },
      async (request) =>
        ok(
          await offerings.closeIpo(request.params.id, staffActor(request)),
          TRADING_DONE.offeringClosed,
        ),
    );
    app.post(
      `${PREFIX}/ipos/:id/allot`,
      {
        config: { access: 'trading' },
        schema: {
          tags,
          security,
          headers,
          params: ZId,
          body: ZAllotRequest,
          response: { 200: envelopeOf(ZAllotmentResult) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: TRADING_DONE.allotted },
          (transaction) =>
            offerings.allotIpo(request.params.id, request.body.seed, {
              actor: staffActor(request),
              transaction,
            }),
        ),
    );
    app.get(
      `${PREFIX}/ipos/:id/allotment`,
      {
        config: { access: 'trading' },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZAllotmentResult) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await offerings.allotment(request.params.id));
      },
    );
    app.post(
      `${PREFIX}/ipos/:id/list`,
      {
        config: { access: 'trading' },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZIpoIssue) } },
      },
      async (request) =>
        ok(await offerings.listIpo(request.params.id, staffActor(request)), TRADING_DONE.listed),
    );

    // ---------- Orders ----------

    app.get(
      `${PREFIX}/orders`,
      {
        config: { access: 'clientOrders' },
        schema: {
          tags,
          security,
          querystring: ZDeskQueueQuery,
          response: { 200: envelopeOf(ZDeskOrdersPage) },
        },
      },
      async (request, reply) => {
        noStore(reply);
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
        return ok({ items: await deskViews(page.items), next_cursor: page.next_cursor });
      },
    );

    const decide = (
      action: 'allocate' | 'confirm' | 'reject',
      message: string,
      body?: typeof ZAllocateRequest | typeof ZOrderRejectRequest,
    ) =>
      app.post(
        `${PREFIX}/orders/:id/${action}`,
        {
          config: { access: 'trading' },
          schema: {
            tags,
            security,
            headers,
            params: ZOrderId,
            ...(body ? { body } : {}),
            response: { 200: envelopeOf(ZDeskOrder) },
          },
        },
        async (request, reply) =>
          idempotency.run(request, reply, { scope: scopeOf(request), message }, (transaction) => {
            const options = { actor: staffActor(request), transaction, present: deskView };
            const input = (request.body ?? {}) as { quantity?: number; reason?: string };
            return action === 'allocate'
              ? orders.allocate(request.params.id, input.quantity ?? 0, options)
              : action === 'confirm'
                ? orders.confirm(request.params.id, options)
                : orders.reject(request.params.id, input.reason!, options);
          }),
      );
    decide('allocate', TRADING_DONE.allocated, ZAllocateRequest);
    decide('confirm', TRADING_DONE.confirmed);
    decide('reject', TRADING_DONE.rejected, ZOrderRejectRequest);

    // ---------- Charges ----------

    app.get(
      `${PREFIX}/charges`,
      {
        config: { access: 'trading' },
        schema: { tags, security, response: { 200: envelopeOf(ZChargeSchedule) } },
      },
      async () => ok(await trading.charges.current()),
    );
    app.put(
      `${PREFIX}/charges`,
      {
        config: { access: 'chargesEdit' },
        schema: {
          tags,
          security,
          body: ZChargeScheduleUpdate,
          response: { 200: envelopeOf(ZChargeSchedule) },
        },
      },
      async (request) =>
        ok(
          await trading.charges.save(request.body, staffActor(request)),
          TRADING_DONE.chargesSaved,
        ),
    );
  };
}
