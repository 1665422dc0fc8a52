import { FM, type TConsoleWithdrawal } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { moveWithdrawal } from './move-withdrawal.ts';
import { withPeople } from './people.ts';
import { cardOf } from './withdrawal-card.ts';
import type { WithdrawalDeps } from './withdrawal-deps.ts';
import type { WithdrawalAction } from './withdrawal-lifecycle.ts';
import { withdrawalById } from './withdrawal-queries.ts';
import { consoleWithdrawalView } from './views.ts';

/** Operations mark paid (with the bank reference) or reject (with a reason). */
export async function decideWithdrawal(
  deps: WithdrawalDeps,
  withdrawalId: string,
  action: Exclude<WithdrawalAction, 'cancel'>,
  options: {
    staffId: string;
    actor: Actor;
    reason?: string;
    bankReference?: string;
    transaction?: TransactionRunner;
  },
): Promise<TConsoleWithdrawal> {
  const { bankCards } = deps;
  const reason = options.reason?.trim() || null;
  if (action === 'reject' && !reason) throw badRequest(FM.reasonRequired);
  if (action === 'pay' && !options.bankReference) throw badRequest(FM.bankReferenceRequired);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    // A withdrawal's card never changes: read before the step, it is the one paid to.
    const pending = action === 'pay' ? await withdrawalById(tx, withdrawalId) : undefined;
    const paidTo = pending && (await cardOf(bankCards, tx, pending.row));
    await moveWithdrawal(
      deps,
      tx,
      withdrawalId,
      action,
      { staffId: options.staffId },
      options.actor,
      {
        reason,
        bankReference: options.bankReference ?? null,
        paidTo,
      },
    );
    const [listed] = await withPeople(deps.people, [(await withdrawalById(tx, withdrawalId))!], tx);
    const card = paidTo ?? (await cardOf(bankCards, tx, listed!.row));
    return consoleWithdrawalView(listed!, card, bankCards.accountNumberOf(card));
  });
}
