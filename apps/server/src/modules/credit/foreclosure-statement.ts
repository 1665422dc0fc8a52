/**
 * The foreclosure statement: what closes the loan today, good to the end of the IST day. It is
 * read on the loan's lock after bringing the accrual up to yesterday (the postings the daily
 * job would make anyway, under the same idempotency keys), so the amount shown is the amount
 * that closes it.
 */
import { LM, type TForeclosureStatement, type TLoanStatus } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { type ClosureDeps, closureToday } from './closure-deps.ts';
import { foreclosureChargeDue } from './foreclosure-charge.ts';
import { ensureInstalments, instalmentsOf } from './instalments.ts';
import { accrue, addDays } from './interest.ts';
import { coolingOffUntil, type LoanRow, paiseNumber } from './views.ts';

/** The statement of a locked loan accrued to yesterday. */
export async function statementOf(deps: ClosureDeps, tx: Tx, row: LoanRow) {
  const today = () => closureToday(deps);
  const product = await deps.products.byId(row.productId, tx);
  const until = coolingOffUntil(row, product, today());
  const coolingOff = until !== null;
  const waived = coolingOff ? row.feesDuePaise : 0n;
  await ensureInstalments(tx, row, today());
  const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
  const due = foreclosureChargeDue({
    principal: row.outstandingPrincipalPaise,
    chargeBps: row.foreclosureChargeBps,
    coolingOff,
    today: today(),
    lastDueDate: instalments.at(-1)?.dueDate ?? null,
  });
  const total =
    row.outstandingPrincipalPaise +
    row.accruedInterestPaise +
    row.feesDuePaise +
    due.charge +
    due.gst;
  const perDay = accrue(row.outstandingPrincipalPaise, row.annualRateBps, 1, row.accrualCarry);
  return {
    coolingOff,
    waived,
    due,
    total: total - waived,
    view: {
      loan_id: row.id,
      as_of: today(),
      valid_until: today(),
      principal_paise: paiseNumber(row.outstandingPrincipalPaise),
      interest_paise: paiseNumber(row.accruedInterestPaise),
      penal_paise: paiseNumber(row.feesDuePaise),
      waived_paise: paiseNumber(waived),
      foreclosure_charge_paise: paiseNumber(due.charge),
      foreclosure_charge_gst_paise: paiseNumber(due.gst),
      total_paise: paiseNumber(total - waived),
      per_day_interest_paise: paiseNumber(perDay.interest),
      cooling_off: coolingOff,
      cooling_off_until: until,
    } satisfies TForeclosureStatement,
  };
}

/** Locked, disbursed and accrued through yesterday: the only state a statement is read in. */
export async function readyLocked(deps: ClosureDeps, tx: Tx, loanId: string, clientId: string) {
  const locked = await deps.servicing.lockLoan(tx, loanId, clientId);
  if (locked.status !== 'disbursed')
    throw badRequest(
      locked.status === 'closed' ? LM.alreadyStatus(locked.status as TLoanStatus) : LM.notDisbursed,
    );
  return (await deps.servicing.accrueLocked(tx, locked, addDays(closureToday(deps), -1))).row;
}

export async function foreclosureStatement(
  deps: ClosureDeps,
  clientId: string,
  loanId: string,
): Promise<TForeclosureStatement> {
  return inTransaction(deps.db, async (tx) => {
    const row = await readyLocked(deps, tx, loanId, clientId);
    return (await statementOf(deps, tx, row)).view;
  });
}
