/**
 * A disbursed loan's life: daily interest and repayments.
 *
 * Interest accrues for each day from the disbursal day to the day before the loan is repaid,
 * on the principal outstanding that day, with `accrue` (interest.ts). Each day is one row of
 * loan_accruals (primary key loan and day) and one posting (firm loans ← interest income)
 * under the idempotency key loan:<id>:accrual:<day>, written with the loan row locked: two
 * runs meeting on a loan queue on that lock, and the second finds the days done. A day that
 * was missed (the leader was down) is caught up by the next run, day by day, so it posts what
 * it would have on time — the principal only changes at a repayment, which first brings the
 * accrual up to yesterday.
 *
 * A repayment takes cash (guarded: never beyond the balance) into the firm's loans account
 * and pays fees, then interest, then principal; at zero the loan closes and its pledge is
 * released, in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import { formatPaise, LM, type TAccrualRun, type TRepayment } from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import {
  inTransaction,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import {
  clientAccount,
  firmAccount,
  InsufficientBalance,
  type LedgerService,
} from '../ledger/service.ts';
import { allocateRepayment } from './allocation.ts';
import {
  billDays,
  ensureInstalments,
  instalmentOfDay,
  instalmentsOf,
  loanDues,
  rescheduleAfterPrepayment,
  unremindedDueOn,
} from './instalments.ts';
import { accrue, addDays, daysBetween, isDay, istDay, type PrepaymentChoice } from './interest.ts';
import { applyLoanTransition, recordLoanEvent } from './lifecycle.ts';
import type { Loans } from './loans.ts';
import { type PenalCharge, penalForDay } from './penal.ts';
import type { ClientNotice } from './margin-calls.ts';
import { resetDue, resetRateLocked } from './rate-reset.ts';
import { loanAccruals, loanInstalments, loanRepayments, loans } from './tables.ts';
import { type LoanRow, outstandingOf, paiseNumber } from './views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  loans: Loans;
  events?: TransitionEvents | undefined;
  /** E-mail to a client about their loan (a rate reset), in the change's transaction. */
  notify?: ClientNotice | undefined;
};

/** Who paid: the client, the accrual job's auto-debit on a due date, or a pledge sale. */
export type RepaymentSource = 'client' | 'auto_debit' | 'pledge_sale';

const REPAID: Record<RepaymentSource, (amount: bigint, prepaid: bigint) => string> = {
  client: (amount, prepaid) =>
    prepaid > 0n
      ? `Repayment of ${formatPaise(amount)} received; ${formatPaise(prepaid)} of it prepaid principal, and the instalments to come were recomputed.`
      : `Repayment of ${formatPaise(amount)} received.`,
  auto_debit: (amount) =>
    `Auto-debit: ${formatPaise(amount)} collected from your cash for what was due.`,
  pledge_sale: (amount) =>
    `${formatPaise(amount)} from the sale of pledged shares applied to the loan.`,
};

/** The reminder goes this many days before a due date. */
export const REMIND_DAYS_BEFORE = 3;

/** How a repayment that brings the loan to zero closes it (the no-dues letter says which). */
export type Closing = {
  action: 'close' | 'foreclose' | 'exit_cooling_off';
  closedBy: 'repaid' | 'foreclosed' | 'cooling_off';
  message: string;
};

const REPAID_IN_FULL: Closing = {
  action: 'close',
  closedBy: 'repaid',
  message: 'Loan repaid in full and closed; pledged shares released. Your no-dues letter is ready.',
};

export type AccrualResult = { days: number; postings: number; interest: bigint };

export function createServicing(deps: Deps) {
  const { db, clock, ledger, clients, loans: loanService, events } = deps;
  const yesterday = () => addDays(istDay(clock.now()), -1);

  /**
   * Accrues a locked, disbursed loan's days up to `through`, resetting a floating rate on its
   * reset day on the way (rate-reset.ts): the days before it accrue at the old rate, the reset
   * runs once the loan is accrued to the day before and the day has come, and the days from
   * it on accrue at the new rate — so a run that catches up several days charges each day the
   * rate it had.
   */
  async function accrueLocked(tx: Tx, row: LoanRow, through: string) {
    const total: AccrualResult = { days: 0, postings: 0, interest: 0n };
    let current = row;
    for (;;) {
      const eve = resetDue(current, istDay(clock.now()))
        ? addDays(current.nextResetDate!, -1)
        : null;
      if (eve !== null && current.accruedThrough! >= eve) {
        current = await resetRateLocked({ clock, notify: deps.notify }, tx, current);
        continue;
      }
      const step = await accrueSpan(tx, current, eve !== null && eve < through ? eve : through);
      current = step.row;
      total.days += step.result.days;
      total.postings += step.result.postings;
      total.interest += step.result.interest;
      if (eve === null || current.accruedThrough !== eve) return { row: current, result: total };
    }
  }

  /**
   * Accrues a locked, disbursed loan's days up to `through`; returns the row as it is after.
   * Catching up posts each missing day on its own, as the day would have been posted. Each
   * day's interest is billed to the instalment whose period holds it, and a day on which
   * principal is overdue carries the penal charge its KFS named (penal.ts), kept on the loan.
   */
  async function accrueSpan(tx: Tx, row: LoanRow, through: string) {
    const result: AccrualResult = { days: 0, postings: 0, interest: 0n };
    if (row.status !== 'disbursed' || !row.accruedThrough || row.accruedThrough >= through)
      return { row, result };
    await ensureInstalments(tx, row, istDay(clock.now()));
    const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
    let carry = row.accrualCarry;
    let penalCarry = row.penalCarry;
    let interestTotal = 0n;
    let penalTotal = 0n;
    const billed: { day: string; interest: bigint }[] = [];
    const days = daysBetween(row.accruedThrough, through);
    const now = clock.now();
    for (let k = 1; k <= days; k++) {
      const day = addDays(row.accruedThrough, k);
      const accrued = accrue(row.outstandingPrincipalPaise, row.annualRateBps, 1, carry);
      carry = accrued.carry;
      const postingId = await postDay(tx, row, day, accrued.interest);
      if (postingId !== null) result.postings += 1;
      await tx.insert(loanAccruals).values({
        loanId: row.id,
        day,
        principalPaise: row.outstandingPrincipalPaise,
        interestPaise: accrued.interest,
        postingId,
        createdAt: now,
      });
      billed.push({ day, interest: accrued.interest });
      const holder = instalmentOfDay(instalments, day);
      if (holder) holder.interestAccrued += accrued.interest;
      const penal = penalForDay(row, row, instalments, day, penalCarry);
      penalCarry = penal.carry;
      if (penal.amount > 0n) {
        await postPenal(tx, row, day, penal);
        result.postings += 1;
        penalTotal += penal.amount;
      }
      interestTotal += accrued.interest;
      result.days += 1;
    }
    // The in-memory rows were billed as the days went; the table gets the same sums.
    await billDays(tx, row.id, (await instalmentsOf(tx, [row.id])).get(row.id) ?? [], billed);
    const [updated] = await tx
      .update(loans)
      .set({
        accruedThrough: through,
        accrualCarry: carry,
        penalCarry,
        accruedInterestPaise: row.accruedInterestPaise + interestTotal,
        feesDuePaise: row.feesDuePaise + penalTotal,
        updatedAt: now,
      })
      .where(and(eq(loans.id, row.id), eq(loans.accruedThrough, row.accruedThrough)))
      .returning();
    if (!updated) throw new Error(`Loan ${row.id} moved while its accrual was locked`);
    result.interest = interestTotal;
    return { row: updated, result };
  }

  /** One day's interest posting (firm loans ← interest income); null below a paisa. */
  async function postDay(tx: Tx, row: LoanRow, day: string, interest: bigint) {
    if (interest <= 0n) return null;
    const posted = await ledger.transfer(tx, {
      kind: 'loan_interest',
      clientId: row.clientId,
      memo: `Interest for ${day} on ${formatPaise(row.outstandingPrincipalPaise)}`,
      reference: `loan:${row.id}`,
      idempotencyKey: `loan:${row.id}:accrual:${day}`,
      // The loans account is the firm's claim, carried negative like bank_clearing:
      // interest accrued makes the claim larger, so the line on loans is negative.
      from: firmAccount('loans'),
      to: firmAccount('interest_income'),
      amount: interest,
    });
    return posted.postingId;
  }

  /** A day's penal charge: firm loans (the claim grows) ← fees; its own line, no interest. */
  async function postPenal(tx: Tx, row: LoanRow, day: string, penal: PenalCharge) {
    const posted = await ledger.transfer(tx, {
      kind: 'loan_penal_charge',
      clientId: row.clientId,
      memo: penal.memo,
      reference: `loan:${row.id}`,
      idempotencyKey: `loan:${row.id}:penal:${day}`,
      from: firmAccount('loans'),
      to: firmAccount('fees'),
      amount: penal.amount,
    });
    await recordLoanEvent(
      tx,
      clock,
      row.id,
      'penal_charge',
      penal.memo,
      { postingId: posted.postingId },
      { type: 'amount', amount_paise: paiseNumber(penal.amount), reason: null },
    );
  }

  async function lockLoan(tx: Tx, loanId: string, clientId?: string) {
    const [row] = await tx
      .select()
      .from(loans)
      .where(and(eq(loans.id, loanId), clientId ? eq(loans.clientId, clientId) : undefined))
      .for('update');
    if (!row) throw notFound(LM.loanNotFound);
    return row;
  }

  /**
   * Pays `amount` of a locked loan from the client's cash, in the allocation order
   * (allocation.ts); a prepayment recomputes the instalments still to come; closes at zero.
   */
  async function repayLocked(
    tx: Tx,
    locked: LoanRow,
    amount: bigint,
    actor: Actor,
    source: RepaymentSource,
    choice: PrepaymentChoice = 'reduce_emi',
    closing: Closing = REPAID_IN_FULL,
  ) {
    if (locked.status !== 'disbursed') throw badRequest(LM.notDisbursed);
    const { row } = await accrueLocked(tx, locked, yesterday());
    const outstanding = outstandingOf(row);
    if (amount > outstanding) throw badRequest(LM.repayAboveOutstanding(outstanding));
    const today = istDay(clock.now());
    await ensureInstalments(tx, row, today);
    const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
    const dues = loanDues(row, instalments, today);
    const allocated = allocateRepayment(amount, {
      penal: row.feesDuePaise,
      interestDue: dues.interestDue,
      principalDue: dues.principalDue,
      interestNotDue: dues.interestNotDue,
      principalNotDue: dues.principalNotDue,
    });
    const split = {
      fees: allocated.penal,
      interest: allocated.interest,
      principal: allocated.principal,
    };
    const id = randomUUID();
    let postingId: number;
    try {
      const posted = await ledger.transfer(tx, {
        kind: 'loan_repayment',
        clientId: row.clientId,
        memo: `Loan repayment ${formatPaise(amount)}: interest ${formatPaise(split.interest)}, principal ${formatPaise(split.principal)}${split.fees > 0n ? `, fees ${formatPaise(split.fees)}` : ''}`,
        reference: `loan:${row.id}`,
        idempotencyKey: `loan:${row.id}:repayment:${id}`,
        from: clientAccount(row.clientId, 'cash_available'),
        to: firmAccount('loans'),
        amount,
      });
      postingId = posted.postingId;
    } catch (error) {
      if (error instanceof InsufficientBalance) throw badRequest(LM.repayAboveCash);
      throw error;
    }
    const now = clock.now();
    await tx.insert(loanRepayments).values({
      id,
      loanId: row.id,
      amountPaise: amount,
      feesPaise: split.fees,
      interestPaise: split.interest,
      principalPaise: split.principal,
      source,
      postingId,
      createdAt: now,
    });
    const [paid] = await tx
      .update(loans)
      .set({
        feesDuePaise: row.feesDuePaise - split.fees,
        accruedInterestPaise: row.accruedInterestPaise - split.interest,
        outstandingPrincipalPaise: row.outstandingPrincipalPaise - split.principal,
        paidFeesPaise: row.paidFeesPaise + split.fees,
        paidInterestPaise: row.paidInterestPaise + split.interest,
        paidPrincipalPaise: row.paidPrincipalPaise + split.principal,
        prepaidPrincipalPaise: row.prepaidPrincipalPaise + allocated.prepaid,
        updatedAt: now,
      })
      .where(
        and(
          eq(loans.id, row.id),
          eq(loans.status, 'disbursed'),
          eq(loans.outstandingPrincipalPaise, row.outstandingPrincipalPaise),
          eq(loans.accruedInterestPaise, row.accruedInterestPaise),
        ),
      )
      .returning();
    if (!paid) throw new Error(`Loan ${row.id} moved while its repayment was locked`);
    await recordAudit(tx, actor, {
      action: 'loan.repay',
      subjectType: 'loan',
      subjectId: row.id,
      before: { outstandingPaise: outstanding.toString() },
      after: {
        clientId: row.clientId,
        amountPaise: amount.toString(),
        feesPaise: split.fees.toString(),
        interestPaise: split.interest.toString(),
        principalPaise: split.principal.toString(),
        postingId,
        source,
      },
    });
    await recordLoanEvent(tx, clock, row.id, 'repay', REPAID[source](amount, allocated.prepaid), {
      postingId,
    });
    if (allocated.prepaid > 0n && outstandingOf(paid) > 0n)
      await rescheduleAfterPrepayment(tx, paid, instalments, today, choice);
    let final = paid;
    if (outstandingOf(paid) === 0n) {
      final = await applyLoanTransition(tx, clock, {
        events,
        loanId: row.id,
        action: closing.action,
        actor: actor.type === 'client' ? actor : { type: 'system', id: 'credit' },
        set: { closedAt: now, closedBy: closing.closedBy },
        event: { message: closing.message },
      });
      await loanService.releasePledge(tx, final);
    }
    return { row: final, split, prepaid: allocated.prepaid, postingId };
  }

  /**
   * The due-date work of a locked loan accrued to yesterday: the reminder three days before an
   * instalment, then the auto-debit of what is due now from the client's available cash (a
   * ledger posting, the allocation order); what cash does not cover stays due, and overdue
   * from tomorrow, and the client is told on a due date that it fell short.
   */
  async function collectLocked(tx: Tx, row: LoanRow) {
    if (row.status !== 'disbursed') return { collected: 0n, short: 0n };
    const today = istDay(clock.now());
    const soon = addDays(today, REMIND_DAYS_BEFORE);
    for (const due of await unremindedDueOn(tx, row.id, soon)) {
      await tx
        .update(loanInstalments)
        .set({ remindedAt: clock.now() })
        .where(and(eq(loanInstalments.loanId, row.id), eq(loanInstalments.number, due.number)));
      await recordLoanEvent(
        tx,
        clock,
        row.id,
        'due_reminder',
        `Instalment ${due.number} is due on ${due.dueDate}; it will be collected from your cash that day.`,
        null,
        {
          type: 'due',
          amount_paise: paiseNumber(due.principalPaise + due.interestEstimatePaise),
          due_date: due.dueDate,
        },
      );
    }
    const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
    const dues = loanDues(row, instalments, today);
    if (dues.dueNow <= 0n) return { collected: 0n, short: 0n };
    const cash = (await ledger.balancesOf(row.clientId, tx)).cash_available;
    const take = cash < dues.dueNow ? (cash > 0n ? cash : 0n) : dues.dueNow;
    if (take > 0n)
      await repayLocked(tx, row, take, { type: 'system', id: 'credit-auto-debit' }, 'auto_debit');
    const short = dues.dueNow - take;
    if (short > 0n && instalments.some((i) => i.dueDate === today))
      await recordLoanEvent(
        tx,
        clock,
        row.id,
        'auto_debit_failed',
        `Auto-debit fell short: ${formatPaise(short)} due today could not be collected from your cash. Add funds and repay to avoid penal charges.`,
        null,
        { type: 'amount', amount_paise: paiseNumber(short), reason: null },
      );
    return { collected: take, short };
  }

  return {
    accrueLocked,
    collectLocked,
    lockLoan,
    repayLocked,

    /**
     * The accrual job: every active loan up to `through` (default: yesterday, in India), and
     * on a run through yesterday the day's collections (reminders, auto-debit). One
     * transaction per loan, so one loan's trouble does not hold back the others.
     */
    async runAccrual(through: string = yesterday()): Promise<TAccrualRun> {
      if (!isDay(through)) throw badRequest(LM.dateInvalid);
      if (through > yesterday()) throw badRequest(LM.accrualDateInvalid);
      const collect = through === yesterday();
      const due = await db
        .select({ id: loans.id })
        .from(loans)
        .where(
          and(
            eq(loans.status, 'disbursed'),
            collect ? undefined : lt(loans.accruedThrough, through),
          ),
        )
        .orderBy(asc(loans.createdAt));
      const run: TAccrualRun = { through, loans: 0, days: 0, postings: 0, interest_paise: 0 };
      let interest = 0n;
      for (const { id } of due) {
        const { result } = await inTransaction(db, async (tx) => {
          const accrued = await accrueLocked(tx, await lockLoan(tx, id), through);
          if (collect) await collectLocked(tx, accrued.row);
          return accrued;
        });
        if (result.days > 0) run.loans += 1;
        run.days += result.days;
        run.postings += result.postings;
        interest += result.interest;
      }
      run.interest_paise = paiseNumber(interest);
      return run;
    },

    /** The client repays from cash (PIN, Idempotency-Key through `transaction`). */
    async repay(
      client: ClientRow,
      loanId: string,
      input: { amount_paise: bigint; pin: string; prepayment?: PrepaymentChoice | undefined },
      options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
    ): Promise<TRepayment> {
      // Neither the allow_loan flag nor a KYC review stops a client paying what they owe.
      if (!client.pinHash) throw badRequest(LM.setPinForLoans);
      // The loan must be theirs before the PIN is asked: another client's loan is 404.
      await loanService.loanOf(loanId, client.id);
      await clients.verifyTradingPin(client, input.pin, options.sessionId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const locked = await lockLoan(tx, loanId, client.id);
        const { row, split, postingId } = await repayLocked(
          tx,
          locked,
          input.amount_paise,
          options.actor,
          'client',
          input.prepayment,
        );
        const [view] = await loanService.views([row], tx);
        return {
          loan: view!,
          amount_paise: paiseNumber(input.amount_paise),
          fees_paise: paiseNumber(split.fees),
          interest_paise: paiseNumber(split.interest),
          principal_paise: paiseNumber(split.principal),
          posting_id: String(postingId),
        };
      });
    },

    /** The days a loan accrued, oldest first (the loan page's interest history). */
    async accrualsOf(loanId: string) {
      return db
        .select()
        .from(loanAccruals)
        .where(eq(loanAccruals.loanId, loanId))
        .orderBy(asc(loanAccruals.day));
    },
  };
}
export type Servicing = ReturnType<typeof createServicing>;
