/**
 * The loan lifecycle as data (Fineract's model): the only moves there are. Every status change
 * goes through the platform's `applyTransition` (platform/transitions.ts): one UPDATE guarded on
 * the current status, the step's own work, the audit row, and the event on the bus once the
 * transaction commits; here each step also writes the client's loan event. A concurrent second
 * move finds the status gone and answers 409 with what the loan is now.
 *
 * Rejecting, cancelling, closing and writing off give back what is still pledged (the callers
 * do it in the same transaction); disbursing posts to the ledger.
 */
import {
  LM,
  LOAN_EVENT_NOTICES,
  paiseNumber,
  type TLoanStatus,
  type TNoticeDetail,
  type TNotificationKind,
} from '@sampada/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import {
  applyTransition,
  lifecycle,
  type Transition,
  type TransitionEvents,
} from '../../platform/transitions.ts';
import { noticeSql } from '../notifications/service.ts';
import { loanEvents, loans } from './tables.ts';
import type { LoanRow } from './views.ts';

export type LoanAction =
  | 'approve'
  | 'reject'
  | 'cancel'
  | 'disburse'
  | 'close'
  | 'foreclose'
  | 'exit_cooling_off'
  | 'write_off';

export const LOAN_TRANSITIONS: Readonly<Record<LoanAction, Transition<TLoanStatus>>> = {
  approve: { from: ['applied'], to: 'approved' },
  reject: { from: ['applied'], to: 'rejected' },
  cancel: { from: ['applied', 'approved'], to: 'cancelled' },
  disburse: { from: ['approved'], to: 'disbursed' },
  close: { from: ['disbursed'], to: 'closed' },
  /** The client closes early on a foreclosure statement (with the charge its KFS named, if any). */
  foreclose: { from: ['disbursed'], to: 'closed' },
  /** Within the product's cooling-off days: principal and interest only (RBI DLG 2022). */
  exit_cooling_off: { from: ['disbursed'], to: 'closed' },
  write_off: { from: ['disbursed'], to: 'written_off' },
};

export const LOAN = lifecycle({
  name: 'loan',
  subject: 'loan',
  table: loans,
  state: { field: 'status' },
  transitions: LOAN_TRANSITIONS,
  refuse: (action, current: TLoanStatus | null) =>
    current === null
      ? notFound(LM.loanNotFound)
      : action === 'cancel'
        ? conflict(LM.cannotCancel(current))
        : conflict(LM.alreadyStatus(current)),
  notice: (row) => ({
    type: 'amount',
    amount_paise: paiseNumber(row.amountPaise),
    reason: row.reason,
  }),
});

/** A step the client sees on the loan's page, written with the step. */
export async function recordLoanEvent(
  tx: Tx,
  clock: Clock,
  loanId: string,
  kind: string,
  message: string,
  detail: object | null = null,
  /** The figures its notice tells, for the events a client is told of (decision 056). */
  notice: TNoticeDetail | null = null,
) {
  const [event] = await tx
    .insert(loanEvents)
    .values({ loanId, kind, message, detail, at: clock.now() })
    .returning({ id: loanEvents.id, at: loanEvents.at });
  // The events a client is told of also become their notification (decision 049).
  if (!(LOAN_EVENT_NOTICES as readonly string[]).includes(kind)) return;
  const told = `loan.${kind}` as TNotificationKind;
  const [loan] = await tx
    .select({ clientId: loans.clientId })
    .from(loans)
    .where(eq(loans.id, loanId));
  if (!loan) return;
  for (const statement of noticeSql({
    clientId: loan.clientId,
    kind: told,
    subjectType: 'loan',
    subjectId: loanId,
    at: event!.at,
    occurrence: String(event!.id),
    detail: notice,
  }))
    await tx.execute(statement);
}

/** One step of a loan: the platform's transition, with the client's event in words. */
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
    events?: TransitionEvents | undefined;
  },
): Promise<LoanRow> {
  return applyTransition(tx, LOAN, input.action, {
    id: input.loanId,
    at: clock.now(),
    where: and(input.clientId ? eq(loans.clientId, input.clientId) : undefined, input.where),
    set: { ...input.set, updatedAt: clock.now() },
    effect: async (row) => {
      await recordLoanEvent(
        tx,
        clock,
        row.id,
        input.action,
        input.event.message,
        input.event.detail,
      );
    },
    audit: {
      actor: input.actor,
      details: (row) => ({ clientId: row.clientId, ...input.audit }),
    },
    events: input.events,
  });
}
