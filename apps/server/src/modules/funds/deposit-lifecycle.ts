import { FM, paiseNumber, type TDepositStatus } from '@sampada/shared';
import { conflict, notFound } from '../../platform/errors.ts';
import { lifecycle, type Transition } from '../../platform/transitions.ts';
import { clientAccount, firmAccount } from '../ledger/service.ts';
import type { DepositRow } from './deposit-deps.ts';
import { deposits } from './tables.ts';

export type DepositAction = 'confirm' | 'reject' | 'cancel';

/** Who may take each step from which status; confirm is the only one that moves money. */
export const DEPOSIT_TRANSITIONS: Record<
  DepositAction,
  Transition<TDepositStatus> & { by: 'staff' | 'client'; credits: boolean }
> = {
  confirm: { from: ['pending'], to: 'confirmed', by: 'staff', credits: true },
  reject: { from: ['pending'], to: 'rejected', by: 'staff', credits: false },
  cancel: { from: ['pending'], to: 'cancelled', by: 'client', credits: false },
};

export const DEPOSIT = lifecycle({
  name: 'deposit',
  subject: 'deposit',
  table: deposits,
  state: { field: 'status' },
  transitions: DEPOSIT_TRANSITIONS,
  refuse: (_action, current: TDepositStatus | null) =>
    current === null
      ? notFound(FM.depositNotFound)
      : conflict(FM.alreadyDecided('deposit', current)),
  notice: (row) => ({
    type: 'amount',
    amount_paise: paiseNumber(row.amount),
    reason: row.reason,
    ...(row.postingId ? { posting_id: String(row.postingId) } : {}),
  }),
});

/** The confirmed deposit's credit: bank_clearing → the client's cash_available. */
export const depositCredit = (row: DepositRow) => ({
  kind: 'deposit',
  clientId: row.clientId,
  memo: `Deposit via ${row.method}, UTR ${row.utr}`,
  reference: `deposit:${row.id}`,
  idempotencyKey: `deposit:${row.id}`,
  from: firmAccount('bank_clearing'),
  to: clientAccount(row.clientId, 'cash_available'),
  amount: row.amount,
});

/** What a decision's audit row tells besides the status: the same for one or a batch. */
export const decisionDetails = (row: DepositRow, reason: string | null) => ({
  clientId: row.clientId,
  amountPaise: row.amount.toString(),
  utr: row.utr,
  ...(reason ? { reason } : {}),
  ...(row.postingId ? { postingId: row.postingId } : {}),
});
