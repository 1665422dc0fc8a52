/**
 * The client's portfolio routes (docs/api-portfolio.md): returns against a benchmark, their
 * dividends on record, and the ITR Schedule 112A file. Each answers for the signed-in client only.
 */
import type { FastifyInstance } from 'fastify';
import {
  ZDividendList,
  ZDividendsQuery,
  ZReturns,
  ZReturnsQuery,
  ZTaxPnlQuery,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function portfolioRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { portfolio } = ctx;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['portfolio'] });

    kit.query(
      'GET',
      '/stat/app/v1/returns',
      { querystring: ZReturnsQuery, response: ZReturns, perMinute: 60 },
      async (request) => portfolio.returns(clientOf(request).clientId, request.query),
    );

    kit.query(
      'GET',
      '/stat/app/v1/dividends',
      { querystring: ZDividendsQuery, response: ZDividendList },
      async (request) => portfolio.dividends(clientOf(request).clientId, request.query.year),
    );

    kit.raw(
      'GET',
      '/stat/app/v1/tax/schedule-112a',
      { querystring: ZTaxPnlQuery },
      async (request, reply) => {
        const { owner, report, csv } = await portfolio.schedule112a(
          clientOf(request).clientId,
          request.query.year,
        );
        reply.header(
          'content-disposition',
          `attachment; filename="schedule-112a-${owner.uid}-FY${report.label}.csv"`,
        );
        return reply.type('text/csv; charset=utf-8').send(csv);
      },
    );
  };
}
