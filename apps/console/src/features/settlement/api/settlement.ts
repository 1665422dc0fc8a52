import type { TSettlementBatch, TSettlementBatchList } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useKeyedAction } from '../../../lib/keyed-action';
import { queryKeys } from '../../../lib/query-keys';

/** The batches, newest first, with the next quarterly and monthly settlement dates. */
export const settlementBatchesQuery = () =>
  queryOptions({
    queryKey: queryKeys.settlement.batches,
    queryFn: () => apiGet<TSettlementBatchList>('/settlement/batches'),
  });
export const useSettlementBatches = () => useQuery(settlementBatchesQuery());

/** One batch with its lines. */
export const settlementBatchQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.settlement.batch(id),
    queryFn: () => apiGet<TSettlementBatch>(`/settlement/batches/${id}`),
  });
export const useSettlementBatch = (id: string) => useQuery(settlementBatchQuery(id));

/*
 * Preparing computes the lines and approving posts payouts: each carries an Idempotency-Key
 * so a retry after a lost answer is answered once. The batches, the client ledgers and the
 * dashboard are read again either way.
 */
const invalidates = [queryKeys.settlement.all, queryKeys.funds.all, queryKeys.dashboard];

export const usePrepareBatch = () =>
  useKeyedAction<{ date: string }, TSettlementBatch>(
    (body) => ({ url: '/settlement/batches', body }),
    invalidates,
  );

export type TBatchDecision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  // Finishes an approved batch whose payouts stopped part-way.
  | { action: 'resume' };

export const useDecideBatch = () =>
  useKeyedAction<{ id: string; decision: TBatchDecision }, TSettlementBatch>(({ id, decision }) => {
    const { action, ...body } = decision;
    return { url: `/settlement/batches/${id}/${action}`, body };
  }, invalidates);
