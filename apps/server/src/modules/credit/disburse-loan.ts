/**
 * Disbursal through the ledger: the firm's loans account to the client's cash, the fee and
 * its GST itemised, then the instalments written.
 */
import { eq } from 'drizzle-orm';
import { formatPaise } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { clientAccount, firmAccount, type PostingLine } from '../ledger/service.ts';
import { writeInstalments } from './instalments.ts';
import { resetDateAfter } from './floating-rate.ts';
import { addDays } from './interest.ts';
import { applyLoanTransition } from './lifecycle.ts';
import { loanDecider } from './loan-access.ts';
import { consoleDetailOf } from './loan-console-views.ts';
import { type DecideOptions, type DecideWith, type LoanDeps, todayOf } from './loan-deps.ts';
import { loanOf } from './loan-reads.ts';
import { loans } from './tables.ts';
import type { LoanRow, ProductRow } from './views.ts';

export async function disburseLoan(deps: LoanDeps, loanId: string, options: DecideWith) {
  await loanDecider(deps, options.staffId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) =>
    consoleDetailOf(deps, await disburseIn(deps, tx, loanId, options), tx),
  );
}

export async function disburseIn(deps: LoanDeps, tx: Tx, loanId: string, options: DecideOptions) {
  const start = todayOf(deps);
  const now = deps.clock.now();
  const current = await loanOf(deps, loanId, undefined, tx);
  const moved = await applyLoanTransition(tx, deps.clock, {
    events: deps.events,
    loanId,
    action: 'disburse',
    actor: options.actor,
    set: {
      startDate: start,
      accruedThrough: addDays(start, -1),
      outstandingPrincipalPaise: current.amountPaise,
      disbursedAt: now,
      // Resets are counted from the day interest starts, so each falls on a due date.
      nextResetDate:
        current.rateType === 'floating' && current.resetMonths
          ? resetDateAfter(start, current.resetMonths, start)
          : null,
      marginState: null,
    },
    event: { message: 'Loan disbursed to your cash.' },
    audit: { staffId: options.staffId, amountPaise: current.amountPaise.toString() },
  });
  const product = await deps.products.byId(moved.productId, tx);
  const posted = await deps.ledger.post(tx, disbursalPosting(moved, product));
  const [row] = await tx
    .update(loans)
    .set({
      disbursalPostingId: posted.postingId,
      marginState: product.kind === 'loan_against_shares' ? 'ok' : null,
    })
    .where(eq(loans.id, moved.id))
    .returning();
  await writeInstalments(tx, row!, start);
  return row!;
}

/** The disbursal's posting: the net to the client's cash, the fee and its GST to the firm. */
export function disbursalPosting(moved: LoanRow, product: ProductRow) {
  const fee = moved.processingFeePaise;
  const gst = moved.feeGstPaise;
  const net = moved.amountPaise - fee - gst;
  const lines: PostingLine[] = [
    { account: firmAccount('loans'), amount: -moved.amountPaise },
    { account: clientAccount(moved.clientId, 'cash_available'), amount: net },
  ];
  if (fee > 0n) lines.push({ account: firmAccount('fees'), amount: fee });
  if (gst > 0n) lines.push({ account: firmAccount('taxes'), amount: gst });
  const memo =
    fee > 0n
      ? `${product.name} of ${formatPaise(moved.amountPaise)} disbursed; processing fee ${formatPaise(fee)} and GST ${formatPaise(gst)} deducted`
      : `${product.name} of ${formatPaise(moved.amountPaise)} disbursed`;
  return {
    kind: 'loan_disbursal' as const,
    clientId: moved.clientId,
    memo,
    reference: `loan:${moved.id}`,
    idempotencyKey: `loan:${moved.id}:disbursal`,
    lines,
  };
}
