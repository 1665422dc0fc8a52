/**
 * The due-date work of a locked loan accrued to yesterday: the reminder three days before an
 * instalment, then the auto-debit of what is due now from the client's available cash (a
 * ledger posting, the allocation order); what cash does not cover stays due, and overdue
 * from tomorrow, and the client is told on a due date that it fell short.
 */
import { and, eq } from 'drizzle-orm';
import { formatPaise } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { instalmentsOf, loanDues, unremindedDueOn } from './instalments.ts';
import { addDays, istDay } from './interest.ts';
import { recordLoanEvent } from './lifecycle.ts';
import { repayLocked } from './repay-locked.ts';
import type { ServicingDeps } from './servicing-deps.ts';
import { loanInstalments } from './tables.ts';
import { type LoanRow, paiseNumber } from './views.ts';

/** The reminder goes this many days before a due date. */
export const REMIND_DAYS_BEFORE = 3;

async function remindLocked(deps: ServicingDeps, tx: Tx, row: LoanRow, today: string) {
  const { clock } = deps;
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
}

export async function collectLocked(deps: ServicingDeps, tx: Tx, row: LoanRow) {
  if (row.status !== 'disbursed') return { collected: 0n, short: 0n };
  const today = istDay(deps.clock.now());
  await remindLocked(deps, tx, row, today);
  const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
  const dues = loanDues(row, instalments, today);
  if (dues.dueNow <= 0n) return { collected: 0n, short: 0n };
  const cash = (await deps.ledger.balancesOf(row.clientId, tx)).cash_available;
  const take = cash < dues.dueNow ? (cash > 0n ? cash : 0n) : dues.dueNow;
  if (take > 0n)
    await repayLocked(
      deps,
      tx,
      row,
      take,
      { type: 'system', id: 'credit-auto-debit' },
      'auto_debit',
    );
  const short = dues.dueNow - take;
  if (short > 0n && instalments.some((i) => i.dueDate === today))
    await recordLoanEvent(
      tx,
      deps.clock,
      row.id,
      'auto_debit_failed',
      `Auto-debit fell short: ${formatPaise(short)} due today could not be collected from your cash. Add funds and repay to avoid penal charges.`,
      null,
      { type: 'amount', amount_paise: paiseNumber(short), reason: null },
    );
  return { collected: take, short };
}
