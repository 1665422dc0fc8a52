/**
 * The loan lifecycle as data (Fineract's model): the only moves there are, who makes them,
 * and what each does to the pledge. `applyLoanTransition` is the one writer of a loan's
 * status: one UPDATE guarded on the current status, the audit row and the client's event,
 * in the caller's transaction. A concurrent second move finds the status gone and answers
 * 409 with what the loan is now.
 *
 * Shaped like the platform's shared transition helper (guarded UPDATE + audit + event), so
 * that it can take its place without changing a caller.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { LM, type TLoanStatus } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { loanEvents, loans } from './tables.ts';
import type { LoanRow } from './views.ts';

export type LoanAction = 'approve' | 'reject' | 'cancel' | 'disburse' | 'close' | 'write_off';

type Rule = {
  from: readonly TLoanStatus[];
  to: TLoanStatus;
  by: readonly ('staff' | 'client' | 'system' | 'cli')[];
  /** Whether the move gives the pledged shares back. */
  releasesPledge: boolean;
};

export const LOAN_TRANSITIONS: Record<LoanAction, Rule> = {
  approve: { from: ['applied'], to: 'approved', by: ['staff', 'cli'], releasesPledge: false },
  reject: { from: ['applied'], to: 'rejected', by: ['staff', 'cli'], releasesPledge: true },
  cancel: {
    from: ['applied', 'approved'],
    to: 'cancelled',
    by: ['client', 'staff', 'cli'],
    releasesPledge: true,
  },
  disburse: { from: ['approved'], to: 'disbursed', by: ['staff', 'cli'], releasesPledge: false },
  close: {
    from: ['disbursed'],
    to: 'closed',
    by: ['client', 'system', 'staff'],
    releasesPledge: true,
  },
  write_off: {
    from: ['disbursed'],
    to: 'written_off',
    by: ['staff', 'cli'],
    releasesPledge: true,
  },
};

export const canMoveLoan = (action: LoanAction, from: TLoanStatus) =>
  LOAN_TRANSITIONS[action].from.includes(from);

/** A step the client sees on the loan's page, written with the step. */
export async function recordLoanEvent(
  tx: Tx,
  clock: Clock,
  loanId: string,
  kind: string,
  message: string,
  detail: object | null = null,
) {
  await tx.insert(loanEvents).values({ loanId, kind, message, detail, at: clock.now() });
}

export async function applyLoanTransition(
  tx: Tx,
  clock: Clock,
  input: {
    loanId: string;
    action: LoanAction;
    actor: Actor;
    /** Only this client's loan (a client's own action): 404 for anyone else's. */
    clientId?: string;
    /** Columns the move sets besides the status. */
    set?: Partial<typeof loans.$inferInsert>;
    /** A further guard on the row. */
    where?: SQL;
    event: { message: string; detail?: object };
    audit?: object;
  },
): Promise<LoanRow> {
  const rule = LOAN_TRANSITIONS[input.action];
  if (!rule.by.includes(input.actor.type))
    throw new Error(`${input.actor.type} cannot ${input.action} a loan`);
  const owned = input.clientId ? eq(loans.clientId, input.clientId) : undefined;
  // Locked, so the audit's `before` is the status the guarded UPDATE below moves from.
  const [before] = await tx
    .select({ status: loans.status })
    .from(loans)
    .where(and(eq(loans.id, input.loanId), owned))
    .for('update');
  if (!before) throw notFound(LM.loanNotFound);
  const [moved] = await tx
    .update(loans)
    .set({ ...input.set, status: rule.to, updatedAt: clock.now() })
    .where(
      and(eq(loans.id, input.loanId), inArray(loans.status, [...rule.from]), owned, input.where),
    )
    .returning();
  if (!moved) {
    const [now] = await tx
      .select({ status: loans.status })
      .from(loans)
      .where(eq(loans.id, input.loanId));
    const status = (now?.status ?? before.status) as TLoanStatus;
    if (input.action === 'cancel' && !rule.from.includes(status))
      throw conflict(LM.cannotCancel(status));
    throw conflict(LM.alreadyStatus(status));
  }
  await recordAudit(tx, input.actor, {
    action: `loan.${input.action}`,
    subjectType: 'loan',
    subjectId: moved.id,
    before: { status: before.status },
    after: { status: rule.to, clientId: moved.clientId, ...input.audit },
  });
  await recordLoanEvent(tx, clock, moved.id, input.action, input.event.message, input.event.detail);
  return moved;
}
