/** Who may borrow and who may decide loans. */
import { LM } from '@sampada/shared';
import { forbidden } from '../../platform/errors.ts';
import { assertDecider } from '../../platform/maker-checker.ts';
import type { ClientRow } from '../clients/service.ts';
import type { LoanDeps } from './loan-deps.ts';

/** The flag first (403), then KYC (403): what a client must have to borrow. */
export function assertBorrower(client: ClientRow) {
  if (!client.allowLoan) throw forbidden(LM.loanNotAllowed);
  if (client.kycStatus !== 'approved') throw forbidden(LM.kycRequired);
}

/** A staff member who may decide loans, by id (the console) — the CLI passes its --as. */
export async function loanDecider(deps: LoanDeps, staffId: string) {
  const row = await deps.staff.findById(staffId);
  assertDecider(row, 'loanDecide', 'Only operations officers may decide loans.');
  return row;
}
