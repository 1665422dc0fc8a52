/** Support or operations resolve an open complaint; the client hears it by e-mail. */
import { and, eq } from 'drizzle-orm';
import { GRIEVANCE_MSG } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { Transition } from '../../platform/transitions.ts';
import type { GrievanceDeps } from './grievance-deps.ts';
import { tell, view } from './grievance-view.ts';
import { referenceOf } from './rules.ts';
import { grievances } from './tables.ts';

export const GRIEVANCE_TRANSITIONS = {
  resolve: { from: ['open'], to: 'resolved' },
} as const satisfies Record<string, Transition<'open' | 'resolved'>>;

export async function resolveGrievance(
  deps: GrievanceDeps,
  id: string,
  resolution: string,
  staffId: string,
  actor: Actor,
) {
  const { db, clock } = deps;
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(grievances)
      .set({
        status: GRIEVANCE_TRANSITIONS.resolve.to,
        resolution,
        resolvedBy: staffId,
        resolvedAt: now,
      })
      .where(
        and(eq(grievances.id, id), eq(grievances.status, GRIEVANCE_TRANSITIONS.resolve.from[0])),
      )
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: grievances.id })
        .from(grievances)
        .where(eq(grievances.id, id));
      throw exists ? badRequest(GRIEVANCE_MSG.alreadyResolved) : notFound(GRIEVANCE_MSG.notFound);
    }
    await recordAudit(tx, actor, {
      action: 'grievance.resolve',
      subjectType: 'grievance',
      subjectId: id,
      before: { status: 'open' },
      after: { status: 'resolved', resolution },
    });
    await tell(deps, tx, row, {
      subject: `Complaint ${referenceOf(row.number)} resolved`,
      body: [
        `Your complaint "${row.subject}" (${referenceOf(row.number)}) is resolved:`,
        '',
        resolution,
        '',
        'If you are not satisfied, you may take it to SEBI SCORES (https://scores.sebi.gov.in).',
      ].join('\n'),
    });
    return view(row, istDateOf(now));
  });
}
