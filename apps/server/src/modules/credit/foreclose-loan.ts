/**
 * Foreclosure on the statement the client read: if a day passed or a payment landed in
 * between, the answer is a 409 with the new amount, and nothing moves. The money moves
 * through the same repayment as any other (repay-locked.ts), in one transaction with the
 * waiver or the charge, the close, the pledge release and the event.
 */
import { formatPaise, LM, type TRepayment } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import type { ClosureDeps } from './closure-deps.ts';
import { postForeclosureCharge, waiveCoolingOffPenal } from './closure-postings.ts';
import type { ForeclosureChargeDue } from './foreclosure-charge.ts';
import { readyLocked, statementOf } from './foreclosure-statement.ts';
import type { Closing } from './servicing-deps.ts';
import { paiseNumber } from './views.ts';

/** How the repayment closes the loan, and the words the client reads (pure). */
export function foreclosureClosing(
  coolingOff: boolean,
  total: bigint,
  due: ForeclosureChargeDue,
): Closing {
  const chargeText =
    due.charge > 0n
      ? `including a foreclosure charge of ${formatPaise(due.charge)} + GST ${formatPaise(due.gst)}`
      : 'no foreclosure charge';
  return coolingOff
    ? {
        action: 'exit_cooling_off',
        closedBy: 'cooling_off',
        message: `Loan closed in the cooling-off period for ${formatPaise(total)}: principal and interest only. Pledged shares released; your no-dues letter is ready.`,
      }
    : {
        action: 'foreclose',
        closedBy: 'foreclosed',
        message: `Loan foreclosed for ${formatPaise(total)}, ${chargeText}. Pledged shares released; your no-dues letter is ready.`,
      };
}

/** Closes the loan today for the statement's amount (PIN, Idempotency-Key). */
export async function forecloseLoan(
  deps: ClosureDeps,
  client: ClientRow,
  loanId: string,
  input: { amount_paise: bigint; pin: string },
  options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
): Promise<TRepayment> {
  if (!client.pinHash) throw badRequest(LM.setPinForLoans);
  await deps.loans.loanOf(loanId, client.id);
  await deps.clients.verifyTradingPin(client, input.pin, options.sessionId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const ready = await readyLocked(deps, tx, loanId, client.id);
    const { coolingOff, waived, total, due } = await statementOf(deps, tx, ready);
    if (input.amount_paise !== total) throw conflict(LM.foreclosureChanged(total));
    const waivedRow = await waiveCoolingOffPenal(deps, tx, ready, waived, options.actor);
    const row = await postForeclosureCharge(deps, tx, waivedRow, due, options.actor);
    const paid = await deps.servicing.repayLocked(
      tx,
      row,
      total,
      options.actor,
      'client',
      'reduce_emi',
      foreclosureClosing(coolingOff, total, due),
    );
    const [view] = await deps.loans.views([paid.row], tx);
    return {
      loan: view!,
      amount_paise: paiseNumber(total),
      fees_paise: paiseNumber(paid.split.fees),
      interest_paise: paiseNumber(paid.split.interest),
      principal_paise: paiseNumber(paid.split.principal),
      posting_id: String(paid.postingId),
    };
  });
}
