/**
 * Closing a loan early, and its papers: the foreclosure statement (what closes the loan
 * today, good to the end of the IST day), foreclosure on that statement, the cooling-off exit
 * (RBI's digital lending directions: within the product's cooling-off days the client pays
 * principal and interest to date only — any penal charge is waived, no foreclosure charge is
 * ever asked) and the no-dues letter's contents once a loan is closed. Outside it, the
 * foreclosure charge the loan's KFS named is asked with GST on top (foreclosure-charge.ts):
 * posted as a fee and its tax in the closing transaction, then paid by the repayment with the
 * rest.
 *
 * Reading the statement brings the loan's accrual up to yesterday on the loan's lock (the
 * postings the daily job would make anyway, under the same idempotency keys), so the amount
 * shown is the amount that closes it. Foreclosing takes the amount the client read: if a day
 * passed or a payment landed in between, the answer is a 409 with the new amount, and
 * nothing moves. The money moves through the same repayment as any other (servicing.ts), in
 * one transaction with the close, the pledge release and the event. Each use case is its own
 * file; this is their wiring.
 */
import type { TForeclosureStatement, TRepayment } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import type { ClosureDeps } from './closure-deps.ts';
import { forecloseLoan } from './foreclose-loan.ts';
import { foreclosureStatement } from './foreclosure-statement.ts';
import { type NoDuesLetter, noDuesLetter } from './no-dues-letter.ts';

export type { NoDuesLetter } from './no-dues-letter.ts';

export function createClosure(deps: ClosureDeps) {
  return {
    statement: (clientId: string, loanId: string): Promise<TForeclosureStatement> =>
      foreclosureStatement(deps, clientId, loanId),
    /** Closes the loan today for the statement's amount (PIN, Idempotency-Key). */
    foreclose: (
      client: ClientRow,
      loanId: string,
      input: { amount_paise: bigint; pin: string },
      options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
    ): Promise<TRepayment> => forecloseLoan(deps, client, loanId, input, options),
    /** The no-dues letter's contents: a closed loan of the client's own, else 404 / 409. */
    noDues: (clientId: string, loanId: string): Promise<NoDuesLetter> =>
      noDuesLetter(deps, clientId, loanId),
  };
}
export type Closure = ReturnType<typeof createClosure>;
