/**
 * The audit log as the console searches it: by actor (a type, an id, or part of a staff
 * email), action, subject and date; newest first, with staff shown by email.
 */
import type { TAuditEntry, TPage } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { listAudit } from '../../platform/audit.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import type { StaffService } from '../staff/service.ts';

const ACTOR_TYPES = new Set(['staff', 'client', 'cli', 'system']);
const DAY_MS = 86_400_000;

export type AuditSearch = {
  actor?: string | undefined;
  action?: string | undefined;
  subject?: string | undefined;
  /** Dates (YYYY-MM-DD, UTC), both ends included. */
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
};

type Deps = { db: Db; staff: Pick<StaffService, 'listStaff'> };

export function createAuditService({ db, staff }: Deps) {
  return {
    async search(query: AuditSearch): Promise<TPage<TAuditEntry>> {
      const { actor, action, subject, from, to, cursor, limit } = query;
      const people = await staff.listStaff();
      const emails = new Map(people.map((s) => [s.id, s.email]));
      let actorIds: string[] | undefined;
      let actorType: string | undefined;
      if (actor && ACTOR_TYPES.has(actor)) actorType = actor;
      else if (actor) {
        const needle = actor.toLowerCase();
        actorIds = [actor, ...people.filter((s) => s.email.includes(needle)).map((s) => s.id)];
      }
      const before = decodeCursor(cursor, 1);
      const rows = await listAudit(db, {
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
      return {
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
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
