/**
 * The stock-data API of spec §7 under `/stock/api/v1`, guarded by the `X-API-KEY` header.
 * GET takes params, POST takes a body.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MarketMessage,
  ZChartDataQuery,
  ZSearchQuery,
  ZStockListBody,
  ZStockQuery,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { routeKit } from '../../platform/route-kit.ts';

const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function stockApiRoutes(ctx: AppContext) {
  const requireApiKey = async (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !sameKey(key, ctx.secrets.stockApiKey)) {
      throw unauthorized(MarketMessage.apiKey);
    }
  };

  return async (instance: FastifyInstance) => {
    const kit = routeKit(
      instance,
      { kind: 'apiKey', check: requireApiKey },
      { tags: ['stock-data'] },
    );
    const market = ctx.market.service;

    kit.query(
      'GET',
      '/stock/api/v1/chart_data',
      { querystring: ZChartDataQuery },
      async (request) => {
        const { market: m, symbol, interval, limit } = request.query;
        return market.chart(symbol, m, interval, limit);
      },
    );
    kit.query('GET', '/stock/api/v1/stock_detail', { querystring: ZStockQuery }, async (request) =>
      market.detail(request.query.s, request.query.market),
    );
    kit.query('GET', '/stock/api/v1/company', { querystring: ZStockQuery }, async (request) =>
      market.company(request.query.s, request.query.market),
    );
    // Spec §7 writes the path with its trailing slash; answer without it too.
    for (const url of ['/stock/api/v1/search/', '/stock/api/v1/search']) {
      kit.query(
        'GET',
        url,
        { querystring: ZSearchQuery, hide: !url.endsWith('/') },
        async (request) => ({ items: market.search(request.query.query, request.query.limit) }),
      );
    }
    kit.query('POST', '/stock/api/v1/stock', { body: ZStockListBody }, async (request) =>
      market.quotes(
        request.body.map((item) => (typeof item === 'string' ? { symbol: item } : item)),
      ),
    );
  };
}
