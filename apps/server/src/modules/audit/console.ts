/** The audit log, browsed by admins: filter by actor, action, subject and date; newest first. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditEntry, ZAuditQuery, ZPage } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { listAudit } from '../../platform/audit.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';

const tags = ['console: audit'];
const security = [{ bearer: [] }];
const ACTOR_TYPES = new Set(['staff', 'client', 'cli', 'system']);
const DAY_MS = 86_400_000;

export function auditConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/audit',
      {
        schema: {
          tags,
          security,
          querystring: ZAuditQuery,
          response: { 200: envelopeOf(ZPage(ZAuditEntry)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { actor, action, subject, from, to, cursor, limit } = request.query;
        const staff = await ctx.staff.listStaff();
        const emails = new Map(staff.map((s) => [s.id, s.email]));
        let actorIds: string[] | undefined;
        let actorType: string | undefined;
        if (actor && ACTOR_TYPES.has(actor)) actorType = actor;
        else if (actor) {
          const needle = actor.toLowerCase();
          actorIds = [actor, ...staff.filter((s) => s.email.includes(needle)).map((s) => s.id)];
        }
        const before = decodeCursor(cursor, 1);
        const rows = await listAudit(ctx.db, {
          actorIds,
          actorType,
          action,
          subject,
          from: from ? new Date(`${from}T00:00:00Z`) : undefined,
          to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
          beforeId: before ? Number(before[0]) : undefined,
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.id]);
        return ok({
          items: page.items.map((r) => ({
            id: r.id,
            at: r.at.toISOString(),
            actor_type: r.actorType,
            actor_id: r.actorId,
            actor_label:
              r.actorType === 'staff' && r.actorId ? (emails.get(r.actorId) ?? null) : r.actorId,
            action: r.action,
            subject_type: r.subjectType,
            subject_id: r.subjectId,
            before: r.before,
            after: r.after,
            ip: r.ip,
          })),
          next_cursor: page.next_cursor,
        });
      },
    );
  };
}
