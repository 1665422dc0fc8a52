/**
 * The stock-data API of spec §7 under `/stock/api/v1`, guarded by the `X-API-KEY` header.
 * GET takes params, POST takes a body.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MarketMessage,
  ZChartDataQuery,
  ZSearchQuery,
  ZStockListBody,
  ZStockQuery,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../platform/envelope.ts';
import { unauthorized } from '../../platform/errors.ts';

const tags = ['stock-data'];
const security = [{ apiKey: [] }];

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
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireApiKey);
    const market = ctx.market.service;

    app.get(
      '/stock/api/v1/chart_data',
      { schema: { tags, security, querystring: ZChartDataQuery } },
      async (request) => {
        const { market: m, symbol, interval, limit } = request.query;
        return ok(await market.chart(symbol, m, interval, limit));
      },
    );
    app.get(
      '/stock/api/v1/stock_detail',
      { schema: { tags, security, querystring: ZStockQuery } },
      async (request) => ok(market.detail(request.query.s, request.query.market)),
    );
    app.get(
      '/stock/api/v1/company',
      { schema: { tags, security, querystring: ZStockQuery } },
      async (request) => ok(await market.company(request.query.s, request.query.market)),
    );
    // Spec §7 writes the path with its trailing slash; answer without it too.
    for (const url of ['/stock/api/v1/search/', '/stock/api/v1/search']) {
      app.get(
        url,
        { schema: { tags, security, querystring: ZSearchQuery, hide: !url.endsWith('/') } },
        async (request) => ok({ items: market.search(request.query.query, request.query.limit) }),
      );
    }
    app.post(
      '/stock/api/v1/stock',
      { schema: { tags, security, body: ZStockListBody } },
      async (request) =>
        ok(
          market.quotes(
            request.body.map((item) => (typeof item === 'string' ? { symbol: item } : item)),
          ),
        ),
    );
  };
}
