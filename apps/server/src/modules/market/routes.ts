/** The client's market API (`/market/app/v1`): signed-in clients only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QUOTE_COALESCE_MS,
  WS_HEARTBEAT_MS,
  ZMarketListQuery,
  ZMostActiveQuery,
  ZRankingQuery,
  ZWatchlistAdd,
  ZWatchlistOrder,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../platform/envelope.ts';
import { requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';
import { LIVE_QUOTES_PATH } from './live.ts';

const security = [{ bearer: [] }];
const tags = ['market'];
const ZSymbolParam = z.object({ symbol: z.string().trim().min(1).max(32).toUpperCase() });

export function marketRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    app.addHook('onSend', async (_request, reply) => void noStore(reply));
    const market = ctx.market.service;

    app.get('/market/app/v1/config', { schema: { tags, security } }, async () =>
      ok({
        stock_api_key: ctx.secrets.stockApiKey,
        ws_path: LIVE_QUOTES_PATH,
        coalesce_ms: QUOTE_COALESCE_MS,
        heartbeat_ms: WS_HEARTBEAT_MS,
      }),
    );
    app.get('/market/app/v1/status', { schema: { tags, security } }, async () =>
      ok(market.status()),
    );
    app.get('/market/app/v1/indices', { schema: { tags, security } }, async () =>
      ok(market.indices()),
    );
    app.get('/market/app/v1/heatmap', { schema: { tags, security } }, async () =>
      ok(market.heatmap()),
    );
    app.get(
      '/market/app/v1/most_active',
      { schema: { tags, security, querystring: ZMostActiveQuery } },
      async (request) => ok(market.mostActive(request.query.by, request.query.limit)),
    );
    app.get(
      '/market/app/v1/rankings',
      { schema: { tags, security, querystring: ZRankingQuery } },
      async (request) => ok(market.rankings(request.query.type, request.query.limit)),
    );
    app.get(
      '/market/app/v1/list',
      { schema: { tags, security, querystring: ZMarketListQuery } },
      async (request) => {
        const { filter, cursor, limit } = request.query;
        return ok(await market.list(filter, cursor, limit));
      },
    );
    app.get('/market/app/v1/themes', { schema: { tags, security } }, async () =>
      ok(market.themes()),
    );

    app.get('/market/app/v1/watchlist', { schema: { tags, security } }, async (request) =>
      ok(await market.watchlist(clientOf(request).clientId)),
    );
    app.post(
      '/market/app/v1/watchlist',
      { schema: { tags, security, body: ZWatchlistAdd } },
      async (request) =>
        ok(await market.addToWatchlist(clientOf(request).clientId, request.body.symbol)),
    );
    app.delete(
      '/market/app/v1/watchlist/:symbol',
      { schema: { tags, security, params: ZSymbolParam } },
      async (request) =>
        ok(await market.removeFromWatchlist(clientOf(request).clientId, request.params.symbol)),
    );
    app.put(
      '/market/app/v1/watchlist/order',
      { schema: { tags, security, body: ZWatchlistOrder } },
      async (request) =>
        ok(await market.reorderWatchlist(clientOf(request).clientId, request.body.symbols)),
    );
  };
}
