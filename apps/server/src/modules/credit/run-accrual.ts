import { and, asc, eq, lt } from 'drizzle-orm';
import { LM, type TAccrualRun } from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { accrueLocked } from './accrue-loan.ts';
import { collectLocked } from './collect-dues.ts';
import { isDay } from './interest.ts';
import { lockLoan } from './lock-loan.ts';
import { type ServicingDeps, yesterdayOf } from './servicing-deps.ts';
import { loans } from './tables.ts';
import { paiseNumber } from './views.ts';

/**
 * The accrual job: every active loan up to `through` (default: yesterday, in India), and
 * on a run through yesterday the day's collections (reminders, auto-debit). One
 * transaction per loan, so one loan's trouble does not hold back the others.
 */
export async function runAccrual(
  deps: ServicingDeps,
  through: string = yesterdayOf(deps),
): Promise<TAccrualRun> {
  const { db } = deps;
  if (!isDay(through)) throw badRequest(LM.dateInvalid);
  if (through > yesterdayOf(deps)) throw badRequest(LM.accrualDateInvalid);
  const collect = through === yesterdayOf(deps);
  const due = await db
    .select({ id: loans.id })
    .from(loans)
    .where(
      and(eq(loans.status, 'disbursed'), collect ? undefined : lt(loans.accruedThrough, through)),
    )
    .orderBy(asc(loans.createdAt));
  const run: TAccrualRun = { through, loans: 0, days: 0, postings: 0, interest_paise: 0 };
  let interest = 0n;
  for (const { id } of due) {
    const { result } = await inTransaction(db, async (tx) => {
      const accrued = await accrueLocked(deps, tx, await lockLoan(tx, id), through);
      if (collect) await collectLocked(deps, tx, accrued.row);
      return accrued;
    });
    if (result.days > 0) run.loans += 1;
    run.days += result.days;
    run.postings += result.postings;
    interest += result.interest;
  }
  run.interest_paise = paiseNumber(interest);
  return run;
}
