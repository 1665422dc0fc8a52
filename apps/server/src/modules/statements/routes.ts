/** The client's statement of securities as a file (docs/api-duties.md). */
import type { FastifyInstance } from 'fastify';
import { ZHoldingsStatementQuery } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { holdingsFileName, holdingsStatementCsv, holdingsStatementPdf } from './service.ts';

export function statementRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['statements'] });

    kit.raw(
      'GET',
      '/funds/app/v1/holdings-statement',
      {
        perMinute: 20,
        querystring: ZHoldingsStatementQuery,
        produces: ['text/csv', 'application/pdf'],
        description: 'The statement of securities as at now (IST), the file itself on 200.',
      },
      async (request, reply) => {
        const data = await ctx.statements.holdings(clientOf(request).clientId);
        const { format } = request.query;
        reply.header(
          'Content-Disposition',
          `attachment; filename="${holdingsFileName(data, format)}"`,
        );
        if (format === 'pdf') {
          const pdf = await holdingsStatementPdf(data, { signer: ctx.documentSigner });
          return reply.type('application/pdf').send(pdf);
        }
        return reply.type('text/csv; charset=utf-8').send(holdingsStatementCsv(data));
      },
    );
  };
}
