/**
 * Grievances (docs/api-duties.md): a client files a plain complaint and sees it beside their
 * compensation claims, each with its 21-day due date; support and operations resolve them,
 * overdue ones first. Filing and resolving are acknowledged by e-mail when the client has a
 * verified address.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  GRIEVANCE_DAYS,
  GRIEVANCE_MSG,
  type TConsoleGrievance,
  type TGrievance,
  type TGrievanceRequest,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { Transition } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { EmailService } from '../email/service.ts';
import type { MailService } from '../mail/service.ts';
import { dateAfter, isOverdue, referenceOf } from './rules.ts';
import { type GrievanceRow, grievances } from './tables.ts';

export const GRIEVANCE_TRANSITIONS = {
  resolve: { from: ['open'], to: 'resolved' },
} as const satisfies Record<string, Transition<'open' | 'resolved'>>;

/** A compensation claim as the grievance list shows it (from compensation's service). */
export type ClaimSummary = {
  id: string;
  reference: string;
  category: string;
  status: string;
  created_at: string;
  decision_due: string;
  overdue: boolean;
  reason: string | null;
  decided_at: string | null;
};

function view(row: GrievanceRow, today: string): TGrievance {
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

export function createGrievanceService(deps: {
  db: Db;
  clock: Clock;
  clients: ClientService;
  email: EmailService;
  mail: MailService;
  claimsOf: (clientId: string) => Promise<ClaimSummary[]>;
}) {
  const { db, clock } = deps;
  const today = () => istDateOf(clock.now());

  async function tell(
    tx: Parameters<MailService['enqueue']>[0],
    row: GrievanceRow,
    text: { subject: string; body: string },
  ) {
    const to = await deps.email.verifiedAddressOf(row.clientId, tx);
    if (to)
      await deps.mail.enqueue(tx, { purpose: 'grievance', clientId: row.clientId, to, ...text });
  }

  return {
    async file(
      clientId: string,
      input: Required<TGrievanceRequest>,
      actor: Actor,
    ): Promise<TGrievance> {
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
        await tell(tx, row!, {
          subject: `Complaint ${referenceOf(row!.number)} registered`,
          body: [
            `We registered your complaint "${input.subject}" as ${referenceOf(row!.number)}.`,
            `We will answer by ${row!.dueDate}. If we do not, or you are not satisfied, you may`,
            'take it to SEBI SCORES (https://scores.sebi.gov.in) and then to SMART ODR (https://smartodr.in).',
          ].join('\n'),
        });
        return view(row!, istDateOf(now));
      });
    },

    /** The client's own complaints and compensation claims, newest first. */
    async listOfClient(clientId: string): Promise<TGrievance[]> {
      const rows = await db
        .select()
        .from(grievances)
        .where(eq(grievances.clientId, clientId))
        .orderBy(desc(grievances.createdAt));
      const claims = await deps.claimsOf(clientId);
      const day = today();
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
    },

    /** The console's queue: open ones by due date (overdue lead), then the resolved. */
    async queue(filter: {
      status?: 'open' | 'resolved' | undefined;
    }): Promise<TConsoleGrievance[]> {
      const rows = await db
        .select()
        .from(grievances)
        .where(filter.status ? eq(grievances.status, filter.status) : undefined)
        .orderBy(sql`${grievances.status} = 'open' desc`, asc(grievances.dueDate))
        .limit(200);
      const refs = await deps.clients.refsOf(rows.map((r) => r.clientId));
      const day = today();
      return rows.map((r) => ({
        ...view(r, day),
        client_id: r.clientId,
        client_uid: refs.get(r.clientId)?.uid ?? '',
        client_name: refs.get(r.clientId)?.name ?? null,
        description: r.description,
      }));
    },

    async resolve(id: string, resolution: string, staffId: string, actor: Actor) {
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
            and(
              eq(grievances.id, id),
              eq(grievances.status, GRIEVANCE_TRANSITIONS.resolve.from[0]),
            ),
          )
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: grievances.id })
            .from(grievances)
            .where(eq(grievances.id, id));
          throw exists
            ? badRequest(GRIEVANCE_MSG.alreadyResolved)
            : notFound(GRIEVANCE_MSG.notFound);
        }
        await recordAudit(tx, actor, {
          action: 'grievance.resolve',
          subjectType: 'grievance',
          subjectId: id,
          before: { status: 'open' },
          after: { status: 'resolved', resolution },
        });
        await tell(tx, row, {
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
    },
  };
}
export type GrievanceService = ReturnType<typeof createGrievanceService>;
