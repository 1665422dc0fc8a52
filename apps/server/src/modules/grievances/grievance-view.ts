/** A complaint as the client and the console see it, and the e-mail that acknowledges a step. */
import type { TGrievance } from '@sampada/shared';
import type { MailService } from '../mail/service.ts';
import type { GrievanceDeps } from './grievance-deps.ts';
import { isOverdue, referenceOf } from './rules.ts';
import type { GrievanceRow } from './tables.ts';

export function view(row: GrievanceRow, today: string): TGrievance {
  return {
    id: row.id,
    reference: referenceOf(row.number),
    kind: 'complaint',
    category: row.category,
    subject: row.subject,
    status: row.status,
    filed_at: row.createdAt.toISOString(),
    due_date: row.dueDate,
    overdue: isOverdue(row.status, row.dueDate, today),
    resolution: row.resolution,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Acknowledges a step by e-mail when the client has a verified address. */
export async function tell(
  deps: GrievanceDeps,
  tx: Parameters<MailService['enqueue']>[0],
  row: GrievanceRow,
  text: { subject: string; body: string },
) {
  const to = await deps.email.verifiedAddressOf(row.clientId, tx);
  if (to)
    await deps.mail.enqueue(tx, { purpose: 'grievance', clientId: row.clientId, to, ...text });
}
