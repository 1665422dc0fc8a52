import { mayAccess, type TConsoleLoan } from '@sampada/shared';
import { useQueueDecision } from '../../../lib/queue-decision';
import { useSession } from '../../../lib/session';
import { type TLoanDecision, useDecideLoan } from '../api/loans';
import type { TLoanAction } from './loan-decision-modal';

/** The decisions an officer may take on a loan now (ROLE_ACCESS loanDecide; advisors read only). */
export function actionsFor(loan: TConsoleLoan, mayDecide: boolean): TLoanAction[] {
  if (!mayDecide) return [];
  if (loan.status === 'applied') return ['approve', 'reject'];
  if (loan.status === 'approved') return ['disburse'];
  if (loan.status === 'disbursed')
    return loan.margin_state === 'sell_off' ? ['invoke-pledge', 'write-off'] : ['write-off'];
  return [];
}

export function useLoanDecision() {
  const current = useSession();
  const decide = useDecideLoan();
  const queue = useQueueDecision<TLoanAction, TConsoleLoan, TLoanDecision>(decide);
  return { ...queue, decide, mayDecide: mayAccess(current?.staff.roles, 'loanDecide') };
}
