import { LM, type TRepayment } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import type { PrepaymentChoice } from './interest.ts';
import { lockLoan } from './lock-loan.ts';
import { repayLocked } from './repay-locked.ts';
import type { ServicingDeps } from './servicing-deps.ts';
import { paiseNumber } from './views.ts';

/** The client repays from cash (PIN, Idempotency-Key through `transaction`). */
export async function repayLoan(
  deps: ServicingDeps,
  client: ClientRow,
  loanId: string,
  input: { amount_paise: bigint; pin: string; prepayment?: PrepaymentChoice | undefined },
  options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
): Promise<TRepayment> {
  // Neither the allow_loan flag nor a KYC review stops a client paying what they owe.
  if (!client.pinHash) throw badRequest(LM.setPinForLoans);
  // The loan must be theirs before the PIN is asked: another client's loan is 404.
  await deps.loans.loanOf(loanId, client.id);
  await deps.clients.verifyTradingPin(client, input.pin, options.sessionId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const locked = await lockLoan(tx, loanId, client.id);
    const { row, split, postingId } = await repayLocked(
      deps,
      tx,
      locked,
      input.amount_paise,
      options.actor,
      'client',
      input.prepayment,
    );
    const [view] = await deps.loans.views([row], tx);
    return {
      loan: view!,
      amount_paise: paiseNumber(input.amount_paise),
      fees_paise: paiseNumber(split.fees),
      interest_paise: paiseNumber(split.interest),
      principal_paise: paiseNumber(split.principal),
      posting_id: String(postingId),
    };
  });
}
