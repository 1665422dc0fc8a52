import { FM, type TConsoleDeposit } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { receiptUrlOf } from './deposit-account.ts';
import type { DepositDeps } from './deposit-deps.ts';
import type { DepositAction } from './deposit-lifecycle.ts';
import { moveDeposit } from './move-deposit.ts';
import { withPeople } from './people.ts';
import { consoleDepositView } from './views.ts';

/** Operations confirm (credit) or reject (with a reason). */
export async function decideDeposit(
  deps: DepositDeps,
  depositId: string,
  action: Exclude<DepositAction, 'cancel'>,
  options: {
    staffId: string;
    /** The deciding officer's email, when the caller has it (the console's session). */
    staffEmail?: string;
    actor: Actor;
    baseUrl: string;
    reason?: string;
    transaction?: TransactionRunner;
  },
): Promise<TConsoleDeposit> {
  const reason = options.reason?.trim() || null;
  if (action === 'reject' && !reason) throw badRequest(FM.reasonRequired);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    // The step answers the row as it left it (credited with its posting): no read back.
    const row = await moveDeposit(
      deps,
      tx,
      depositId,
      action,
      { staffId: options.staffId },
      options.actor,
      reason,
    );
    const staff = new Map(
      options.staffEmail ? [[options.staffId, { email: options.staffEmail }]] : [],
    );
    const [listed] = await withPeople(deps.people, [{ row }], tx, { staff });
    return consoleDepositView(listed!, receiptUrlOf(deps.uploads, options.baseUrl, listed!.row));
  });
}
