/** A client files a plain complaint, due in GRIEVANCE_DAYS; acknowledged by e-mail. */
import { GRIEVANCE_DAYS, type TGrievance, type TGrievanceRequest } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { istDateOf } from '../../platform/ist.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { GrievanceDeps } from './grievance-deps.ts';
import { tell, view } from './grievance-view.ts';
import { dateAfter, referenceOf } from './rules.ts';
import { grievances } from './tables.ts';

export async function fileGrievance(
  deps: GrievanceDeps,
  clientId: string,
  input: Required<TGrievanceRequest>,
  actor: Actor,
): Promise<TGrievance> {
  const { db, clock } = deps;
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(grievances)
      .values({
        clientId,
        ...input,
        dueDate: dateAfter(istDateOf(now), GRIEVANCE_DAYS),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'grievance.file',
      subjectType: 'grievance',
      subjectId: row!.id,
      after: { category: input.category, subject: input.subject },
    });
    await tell(deps, tx, row!, {
      subject: `Complaint ${referenceOf(row!.number)} registered`,
      body: [
        `We registered your complaint "${input.subject}" as ${referenceOf(row!.number)}.`,
        `We will answer by ${row!.dueDate}. If we do not, or you are not satisfied, you may`,
        'take it to SEBI SCORES (https://scores.sebi.gov.in) and then to SMART ODR (https://smartodr.in).',
      ].join('\n'),
    });
    return view(row!, istDateOf(now));
  });
}
