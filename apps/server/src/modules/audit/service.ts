/**
 * The audit log as the console searches it: by actor (a type, an id, or part of a staff
 * email), action, subject and date; newest first, with staff shown by email and clients,
 * as actors and as subjects, by name and UID rather than their internal ids.
 */
import type { TAuditEntry, TPage } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { listAudit } from '../../platform/audit.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import type { ClientService } from '../clients/service.ts';
import type { StaffService } from '../staff/service.ts';
import { daysInMs, utcDayStart } from '@sampada/shared';

const ACTOR_TYPES = new Set(['staff', 'client', 'cli', 'system']);
const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

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

type Deps = {
  db: Db;
  staff: Pick<StaffService, 'listStaff'>;
  clients?: Pick<ClientService, 'refsOf'>;
};

export function createAuditService({ db, staff, clients }: Deps) {
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
        from: from ? utcDayStart(from) : undefined,
        to: to ? new Date(utcDayStart(to).getTime() + daysInMs(1)) : undefined,
        beforeId: before ? Number(before[0]) : undefined,
        limit,
      });
      const page = pageOf(rows, limit, (r) => [r.id]);
      const clientIds = page.items.flatMap((r) => [
        ...(r.actorType === 'client' && r.actorId ? [r.actorId] : []),
        ...(r.subjectType === 'client' && r.subjectId ? [r.subjectId] : []),
      ]);
      const refs = clients ? await clients.refsOf(clientIds.filter(isUuid)) : new Map();
      const clientLabel = (id: string | null) => {
        const ref = id ? refs.get(id) : undefined;
        return ref ? `${ref.name ?? ref.mobile} (${ref.uid})` : null;
      };
      return {
        items: page.items.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actor_type: r.actorType,
          actor_id: r.actorId,
          actor_label:
            r.actorType === 'staff' && r.actorId
              ? (emails.get(r.actorId) ?? null)
              : r.actorType === 'client'
                ? (clientLabel(r.actorId) ?? r.actorId)
                : r.actorId,
          action: r.action,
          subject_type: r.subjectType,
          subject_id: r.subjectId,
          subject_label: r.subjectType === 'client' ? clientLabel(r.subjectId) : null,
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
