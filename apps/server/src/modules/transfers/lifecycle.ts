/**
 * A transfer request's lifecycle as data: operations confirm it (the depository has credited
 * the shares) or reject it with a reason; either is final. The steps' audit action and the
 * client's notice are `transfer_in.confirm` and `transfer_in.reject`.
 */
import { TRANSFER_MESSAGES, type TTransferInStatus } from '@sampada/shared';
import { conflict, notFound } from '../../platform/errors.ts';
import { lifecycle, type Transition } from '../../platform/transitions.ts';
import { shareTransfers } from './tables.ts';

export const TRANSFER_IN_TRANSITIONS = {
  confirm: { from: ['pending'], to: 'confirmed' },
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, Transition<TTransferInStatus>>;

export const TRANSFER_IN = lifecycle({
  name: 'transfer_in',
  subject: 'share_transfer',
  table: shareTransfers,
  state: { field: 'status' },
  transitions: TRANSFER_IN_TRANSITIONS,
  refuse: (_action, current: TTransferInStatus | null) =>
    current === null
      ? notFound(TRANSFER_MESSAGES.notFound)
      : conflict(`This transfer is already ${current}.`),
  notice: (row, action) =>
    action === 'reject' && row.rejectReason ? { type: 'reason', reason: row.rejectReason } : null,
});
