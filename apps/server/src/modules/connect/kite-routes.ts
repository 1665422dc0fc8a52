/**
 * The REST API under /connect, on the Kite Connect v3 wire (docs/api-connect.md): the session,
 * the user, the portfolio, orders and trades, market data and charges. Every route goes through
 * the route kit with Kite's envelope; errors answer with Kite's error types.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZKiteGtt, ZKiteMarginOrder, ZKiteModify, ZKiteOrder } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import { IST_OFFSET } from '../../platform/ist.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import type { KiteChargeInput } from './kite-orders.ts';
import type { LimitKind } from './limits.ts';
import {
  apiSessionOf,
  assertAllowedIp,
  kiteEnvelope,
  limitCheck,
  registerKiteErrors,
  tokenCheck,
} from './kite-plumbing.ts';
import { kiteProfile } from './kite-account.ts';
import { kiteTime } from './wire.ts';

const tags = ['connect'];
const ZInstruments = z.object({
  i: z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v])),
});
const ZOrderId = z.object({ order_id: z.string() });
const ZVariety = z.object({ variety: z.string() });
const ZTriggerId = z.object({ trigger_id: z.string() });
const ZVarietyOrder = z.object({ variety: z.string(), order_id: z.string() });
/**
 * The basket's query as Kite's clients send it (`true`, or Python's `True`; `mode=compact` is the
 * JS client's default). Neither changes the answer: see KiteOrders.basketMargins.
 */
const ZBasketQuery = z.object({
  consider_positions: z
    .enum(['true', 'false', 'True', 'False'], { error: 'Invalid `consider_positions`.' })
    .optional(),
  mode: z.string().optional(),
});
/** `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD`, read as IST wall-clock time. */
const istInstant = z
  .string({ error: 'Invalid `from` or `to` date.' })
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, 'Invalid `from` or `to` date.')
  .transform(
    (v) => new Date(`${v.length === 10 ? `${v} 00:00:00` : v}`.replace(' ', 'T') + IST_OFFSET),
  );

const kindOf = (request: FastifyRequest): LimitKind => {
  const url = request.routeOptions.url ?? '';
  if (url.startsWith('/connect/quote')) return 'quotes';
  if (url.startsWith('/connect/instruments/historical')) return 'historical';
  if (url.startsWith('/connect/orders/:variety') && request.method !== 'GET') return 'orders';
  return 'other';
};

const actorOf = (request: FastifyRequest): Actor => ({
  type: 'client',
  id: apiSessionOf(request).client.id,
  ip: request.ip,
});
type Connect = AppContext['connect'];

export function kiteRoutes(ctx: AppContext) {
  const { connect } = ctx;
  return async (instance: FastifyInstance) => {
    registerKiteErrors(instance);
    connect.ticker.register(instance);
    const stopLive = connect.startLive();
    instance.addHook('onClose', async () => stopLive());
    const limit = limitCheck(ctx.clock, connect.limits);
    const open = routeKit(instance, { kind: 'public' }, { tags, envelope: kiteEnvelope });
    const kit = routeKit(
      instance,
      { kind: 'public' },
      {
        tags,
        envelope: kiteEnvelope,
        checks: [tokenCheck(connect.sessions), async (request) => limit(request, kindOf(request))],
      },
    );
    registerSession(open, connect);
    registerAccountAndOrders(kit, connect);
    registerGtts(kit, connect);
    registerMarketAndCharges(kit, connect);
  };
}

function registerSession(open: RouteKit, connect: Connect) {
  open.query(
    'POST',
    '/connect/session/token',
    {
      description: 'A request token (with its checksum) for an access token.',
      perMinute: 30,
      body: z.object({
        api_key: z.string({ error: 'Missing `api_key`.' }),
        request_token: z.string({ error: 'Missing `request_token`.' }),
        checksum: z.string({ error: 'Missing `checksum`.' }),
      }),
    },
    async (request) => {
      const { api_key, request_token, checksum } = request.body;
      const { app, client, accessToken, loginTime } = await connect.sessions.exchange(
        api_key,
        request_token,
        checksum,
      );
      return {
        ...kiteProfile(client),
        api_key: app.apiKey,
        access_token: accessToken,
        public_token: '',
        refresh_token: '',
        enctoken: '',
        login_time: kiteTime(loginTime),
      };
    },
  );

  open.query(
    'DELETE',
    '/connect/session/token',
    {
      description: 'Logs the access token out.',
      querystring: z.object({ api_key: z.string(), access_token: z.string().optional() }),
    },
    async (request) => {
      const token =
        request.query.access_token ??
        /^token\s+[^:\s]+:(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ??
        '';
      return connect.sessions.invalidate(request.query.api_key, token);
    },
  );
}

function registerAccountAndOrders(kit: RouteKit, connect: Connect) {
  kit.query('GET', '/connect/user/profile', {}, async (request) =>
    connect.account.profile(apiSessionOf(request)),
  );
  kit.query('GET', '/connect/user/margins', {}, async (request) =>
    connect.account.margins(apiSessionOf(request)),
  );
  kit.query(
    'GET',
    '/connect/user/margins/:segment',
    { params: z.object({ segment: z.enum(['equity', 'commodity']) }) },
    async (request) =>
      (await connect.account.margins(apiSessionOf(request)))[request.params.segment],
  );
  kit.query('GET', '/connect/portfolio/holdings', {}, async (request) =>
    connect.account.holdings(apiSessionOf(request)),
  );
  kit.query('GET', '/connect/portfolio/positions', {}, async (request) =>
    connect.account.positions(apiSessionOf(request)),
  );

  kit.query('GET', '/connect/orders', {}, async (request) =>
    connect.orders.list(apiSessionOf(request)),
  );
  kit.query('GET', '/connect/orders/:order_id', { params: ZOrderId }, async (request) =>
    connect.orders.history(apiSessionOf(request), request.params.order_id),
  );
  kit.query('GET', '/connect/orders/:order_id/trades', { params: ZOrderId }, async (request) =>
    connect.orders.orderTrades(apiSessionOf(request), request.params.order_id),
  );
  kit.query('GET', '/connect/trades', {}, async (request) =>
    connect.orders.trades(apiSessionOf(request)),
  );
  kit.query(
    'POST',
    '/connect/orders/:variety',
    { params: ZVariety, body: ZKiteOrder },
    async (request) => {
      assertAllowedIp(request);
      return connect.orders.place(
        apiSessionOf(request),
        request.params.variety,
        request.body,
        actorOf(request),
      );
    },
  );
  kit.query(
    'PUT',
    '/connect/orders/:variety/:order_id',
    { params: ZVarietyOrder, body: ZKiteModify },
    async (request) => {
      assertAllowedIp(request);
      const { variety, order_id } = request.params;
      return connect.orders.modify(
        apiSessionOf(request),
        variety,
        order_id,
        request.body,
        actorOf(request),
      );
    },
  );
  kit.query(
    'DELETE',
    '/connect/orders/:variety/:order_id',
    { params: ZVarietyOrder },
    async (request) => {
      assertAllowedIp(request);
      const { variety, order_id } = request.params;
      return connect.orders.cancel(apiSessionOf(request), variety, order_id, actorOf(request));
    },
  );
}

function registerGtts(kit: RouteKit, connect: Connect) {
  kit.query('GET', '/connect/gtt/triggers', {}, async (request) =>
    connect.gtts.list(apiSessionOf(request)),
  );
  kit.query('GET', '/connect/gtt/triggers/:trigger_id', { params: ZTriggerId }, async (request) =>
    connect.gtts.get(apiSessionOf(request), request.params.trigger_id),
  );
  // A GTT places an order when it fires: set, changed and deleted only from allowed addresses.
  kit.query('POST', '/connect/gtt/triggers', { body: ZKiteGtt }, async (request) => {
    assertAllowedIp(request);
    return connect.gtts.place(apiSessionOf(request), request.body, actorOf(request));
  });
  kit.query(
    'PUT',
    '/connect/gtt/triggers/:trigger_id',
    { params: ZTriggerId, body: ZKiteGtt },
    async (request) => {
      assertAllowedIp(request);
      const id = request.params.trigger_id;
      return connect.gtts.modify(apiSessionOf(request), id, request.body, actorOf(request));
    },
  );
  kit.query(
    'DELETE',
    '/connect/gtt/triggers/:trigger_id',
    { params: ZTriggerId },
    async (request) => {
      assertAllowedIp(request);
      const id = request.params.trigger_id;
      return connect.gtts.remove(apiSessionOf(request), id, actorOf(request));
    },
  );
}

function registerMarketAndCharges(kit: RouteKit, connect: Connect) {
  kit.query('GET', '/connect/quote', { querystring: ZInstruments }, async (request) =>
    connect.market.quote(request.query.i),
  );
  kit.query('GET', '/connect/quote/ohlc', { querystring: ZInstruments }, async (request) =>
    connect.market.ohlc(request.query.i),
  );
  kit.query('GET', '/connect/quote/ltp', { querystring: ZInstruments }, async (request) =>
    connect.market.ltp(request.query.i),
  );
  kit.raw('GET', '/connect/instruments', {}, async (_request, reply) =>
    reply.type('text/csv').send(connect.market.instrumentsCsv()),
  );
  kit.raw(
    'GET',
    '/connect/instruments/:exchange',
    { params: z.object({ exchange: z.string() }) },
    async (request, reply) =>
      reply.type('text/csv').send(connect.market.instrumentsCsv(request.params.exchange)),
  );
  kit.query(
    'GET',
    '/connect/instruments/historical/:instrument_token/:interval',
    {
      params: z.object({ instrument_token: z.coerce.number().int(), interval: z.string() }),
      querystring: z.object({ from: istInstant, to: istInstant }),
    },
    async (request) =>
      connect.market.historical(
        request.params.instrument_token,
        request.params.interval,
        request.query.from,
        request.query.to,
      ),
  );
  kit.query(
    'POST',
    '/connect/charges/orders',
    { body: z.array(z.record(z.string(), z.unknown())).max(200) },
    async (request) => connect.orders.charges(request.body as KiteChargeInput[]),
  );
  kit.query(
    'POST',
    '/connect/margins/orders',
    { body: z.array(ZKiteMarginOrder).min(1).max(200) },
    async (request) => connect.orders.margins(apiSessionOf(request), request.body),
  );
  kit.query(
    'POST',
    '/connect/margins/basket',
    {
      description:
        'What a basket of orders would hold together: `initial` (the sum of the orders), ' +
        '`final` (equal to `initial`: cash delivery has no spread or hedge benefit), ' +
        '`orders` (each as /margins/orders answers it) and `charges` (their sum).',
      body: z.array(ZKiteMarginOrder).min(1).max(200),
      querystring: ZBasketQuery,
    },
    async (request) => connect.orders.basketMargins(apiSessionOf(request), request.body),
  );
}
