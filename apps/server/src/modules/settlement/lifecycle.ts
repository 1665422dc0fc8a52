/**
 * A batch's steps (platform/transitions.ts): prepared by one officer; approved by another
 * (then its lines are paid, each in its own transaction) and `paid` once every line is
 * settled; or rejected with a reason, after which the date may be prepared again.
 */
import { conflict, notFound } from '../../platform/errors.ts';
import { lifecycle, type Transition } from '../../platform/transitions.ts';
import { SETTLEMENT_MSG as SM, type TSettlementBatchStatus } from '@sampada/shared';
import { settlementBatches } from './tables.ts';

export type BatchAction = 'approve' | 'reject' | 'complete';

export const BATCH_TRANSITIONS: Readonly<Record<BatchAction, Transition<TSettlementBatchStatus>>> =
  {
    approve: { from: ['prepared'], to: 'approved' },
    reject: { from: ['prepared'], to: 'rejected' },
    complete: { from: ['approved'], to: 'paid' },
  };

export const BATCH = lifecycle({
  name: 'settlement',
  subject: 'settlement_batch',
  table: settlementBatches,
  state: { field: 'status' },
  transitions: BATCH_TRANSITIONS,
  refuse: (_action, current: TSettlementBatchStatus | null) =>
    current === null ? notFound(SM.batchNotFound) : conflict(SM.notPrepared(current)),
});
