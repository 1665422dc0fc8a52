/** The audit log, browsed by admins: filter by actor, action, subject and date; newest first. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditEntry, ZAuditQuery, ZPage } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';

const tags = ['console: audit'];
const security = [{ bearer: [] }];

export function auditConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/audit',
      {
        config: { access: 'audit' },
        schema: {
          tags,
          security,
          querystring: ZAuditQuery,
          response: { 200: envelopeOf(ZPage(ZAuditEntry)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.audit.search(request.query));
      },
    );
  };
}
