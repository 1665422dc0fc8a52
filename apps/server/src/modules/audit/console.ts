/** The audit log, browsed by admins: filter by actor, action, subject and date; newest first. */
import type { FastifyInstance } from 'fastify';
import { ZAuditEntry, ZAuditQuery, ZPage } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function auditConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: audit'] });
    kit.query(
      'GET',
      '/audit',
      { access: 'audit', querystring: ZAuditQuery, response: ZPage(ZAuditEntry) },
      async (request) => ctx.audit.search(request.query),
    );
  };
}
