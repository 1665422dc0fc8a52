/** The client's market API (`/market/app/v1`): signed-in clients only. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  QUOTE_COALESCE_MS,
  type TMarketConfig,
  ZMarketListQuery,
  ZMostActiveQuery,
  ZRankingQuery,
  ZWatchlistAdd,
  ZWatchlistOrder,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { LIVE_QUOTES_PATH } from './live.ts';

const ZSymbolParam = z.object({ symbol: z.string().trim().min(1).max(32).toUpperCase() });

export function marketRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['market'] });
    const market = ctx.market.service;
    const read = (url: string, answer: () => unknown) =>
      kit.query('GET', `/market/app/v1/${url}`, {}, async () => answer());

    // The stock-data key opens market data to whoever holds it: approved clients only.
    kit.query('GET', '/market/app/v1/config', {}, async (request) => {
      const client = await ctx.clients.byId(clientOf(request).clientId);
      return {
        stock_api_key: client.kycStatus === 'approved' ? ctx.secrets.stockApiKey : null,
        ws_path: LIVE_QUOTES_PATH,
        coalesce_ms: QUOTE_COALESCE_MS,
        heartbeat_ms: ctx.config.wsHeartbeatMs,
      } satisfies TMarketConfig;
    });
    read('status', () => market.status());
    read('indices', () => market.indices());
    read('heatmap', () => market.heatmap());
    kit.query(
      'GET',
      '/market/app/v1/most_active',
      { querystring: ZMostActiveQuery },
      async (request) => market.mostActive(request.query.by, request.query.limit),
    );
    kit.query('GET', '/market/app/v1/rankings', { querystring: ZRankingQuery }, async (request) =>
      market.rankings(request.query.type, request.query.limit),
    );
    kit.query('GET', '/market/app/v1/list', { querystring: ZMarketListQuery }, async (request) => {
      const { filter, cursor, limit } = request.query;
      return market.list(filter, cursor, limit);
    });
    read('themes', () => market.themes());

    kit.query('GET', '/market/app/v1/watchlist', {}, async (request) =>
      market.watchlist(clientOf(request).clientId),
    );
    kit.query('POST', '/market/app/v1/watchlist', { body: ZWatchlistAdd }, async (request) =>
      market.addToWatchlist(clientOf(request).clientId, request.body.symbol),
    );
    kit.query(
      'DELETE',
      '/market/app/v1/watchlist/:symbol',
      { params: ZSymbolParam },
      async (request) =>
        market.removeFromWatchlist(clientOf(request).clientId, request.params.symbol),
    );
    kit.query('PUT', '/market/app/v1/watchlist/order', { body: ZWatchlistOrder }, async (request) =>
      market.reorderWatchlist(clientOf(request).clientId, request.body.symbols),
    );
  };
}
