import {
  FM,
  paiseNumber,
  type TClientAccount,
  type TNoticeDetail,
  type TWithdrawalStatus,
} from '@sampada/shared';
import { conflict, notFound } from '../../platform/errors.ts';
import { lifecycle, type Transition } from '../../platform/transitions.ts';
import { type AccountRef, clientAccount, firmAccount } from '../ledger/service.ts';
import type { BankCardRow } from './bank-cards.ts';
import type { WithdrawalRow } from './withdrawal-deps.ts';
import { withdrawals } from './tables.ts';
import { bankNamed } from './views.ts';

export type WithdrawalAction = 'pay' | 'reject' | 'cancel';

/** Where the held amount goes when a withdrawal leaves pending. */
type Settlement = { kind: string; to: (clientId: string) => AccountRef; memo: string };

const release = (memo: string): Settlement => ({
  kind: 'withdrawal_release',
  to: (clientId) => clientAccount(clientId, 'cash_available'),
  memo,
});

/** Who may take each step from which status, and where the held amount goes. */
export const WITHDRAWAL_TRANSITIONS: Record<
  WithdrawalAction,
  Transition<TWithdrawalStatus> & { by: 'staff' | 'client'; posting: Settlement }
> = {
  pay: {
    from: ['pending'],
    to: 'paid',
    by: 'staff',
    posting: {
      kind: 'withdrawal_paid',
      to: () => firmAccount('bank_clearing'),
      memo: 'Withdrawal paid',
    },
  },
  reject: {
    from: ['pending'],
    to: 'rejected',
    by: 'staff',
    posting: release('Withdrawal rejected, amount returned'),
  },
  cancel: {
    from: ['pending'],
    to: 'cancelled',
    by: 'client',
    posting: release('Withdrawal cancelled, amount returned'),
  },
};

export const WITHDRAWAL = lifecycle({
  name: 'withdrawal',
  subject: 'withdrawal',
  table: withdrawals,
  state: { field: 'status' },
  transitions: WITHDRAWAL_TRANSITIONS,
  refuse: (_action, current: TWithdrawalStatus | null) =>
    current === null
      ? notFound(FM.withdrawalNotFound)
      : conflict(FM.alreadyDecided('withdrawal', current)),
  notice: (row) => withdrawalNotice(row),
});

/**
 * A withdrawal's notice (decision 056): its amount and the decision's reason, for a paid
 * one the account it went to, which the row knows only by the card's id, and the posting that
 * paid or returned it (the notice opens its receipt).
 */
export const withdrawalNotice = (row: WithdrawalRow, paidTo?: BankCardRow): TNoticeDetail => ({
  type: 'amount',
  amount_paise: paiseNumber(row.amount),
  reason: row.reason,
  ...(paidTo ? { bank: bankNamed(paidTo) } : {}),
  ...(row.settlePostingId ? { posting_id: String(row.settlePostingId) } : {}),
});

/** The client account a pending withdrawal's amount is held in. */
export const HELD: TClientAccount = 'cash_on_hold';
