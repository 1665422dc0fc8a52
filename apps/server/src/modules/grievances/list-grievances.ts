/** Reading complaints: a client's own beside their claims, and the console's queue. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TConsoleGrievance, TGrievance } from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import type { GrievanceDeps } from './grievance-deps.ts';
import { view } from './grievance-view.ts';
import { grievances } from './tables.ts';

/** The client's own complaints and compensation claims, newest first. */
export async function listOfClient(deps: GrievanceDeps, clientId: string): Promise<TGrievance[]> {
  const rows = await deps.db
    .select()
    .from(grievances)
    .where(eq(grievances.clientId, clientId))
    .orderBy(desc(grievances.createdAt));
  const claims = await deps.claimsOf(clientId);
  const day = istDateOf(deps.clock.now());
  return [
    ...rows.map((r) => view(r, day)),
    ...claims.map((c): TGrievance => ({
      id: c.id,
      reference: c.reference,
      kind: 'compensation_claim',
      category: c.category,
      subject: 'Compensation claim',
      status: c.status,
      filed_at: c.created_at,
      due_date: c.decision_due,
      overdue: c.overdue,
      resolution: c.reason,
      resolved_at: c.decided_at,
    })),
  ].sort((a, b) => b.filed_at.localeCompare(a.filed_at));
}

/** The console's queue: open ones by due date (overdue lead), then the resolved. */
export async function grievanceQueue(
  deps: GrievanceDeps,
  filter: { status?: 'open' | 'resolved' | undefined },
): Promise<TConsoleGrievance[]> {
  const rows = await deps.db
    .select()
    .from(grievances)
    .where(filter.status ? eq(grievances.status, filter.status) : undefined)
    .orderBy(sql`${grievances.status} = 'open' desc`, asc(grievances.dueDate))
    .limit(200);
  const refs = await deps.clients.refsOf(rows.map((r) => r.clientId));
  const day = istDateOf(deps.clock.now());
  return rows.map((r) => ({
    ...view(r, day),
    client_id: r.clientId,
    client_uid: refs.get(r.clientId)?.uid ?? '',
    client_name: refs.get(r.clientId)?.name ?? null,
    description: r.description,
  }));
}
