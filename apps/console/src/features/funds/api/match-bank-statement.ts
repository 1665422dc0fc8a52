import type { TBankStatementRequest, TBankStatementResult } from '@sampada/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostWithKey } from '../../../lib/api-client';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { queryKeys } from '../../../lib/query-keys';

export const matchBankStatement = (request: TBankStatementRequest, idempotencyKey: string) =>
  apiPostWithKey<TBankStatementResult>('/funds/deposits/statement', request, idempotencyKey);

/**
 * Sends a bank statement's lines (docs/api-funds.md, "Matching a bank statement"). One
 * Idempotency-Key per statement: the same lines sent again after a failure (a timeout whose
 * request did reach the server, say) carry the same key, so the server answers with its first
 * result instead of matching twice; the key is dropped once an answer arrives. Success or
 * failure, the deposit queues and the dashboard counts are read again.
 */
export function useMatchBankStatement() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (request: TBankStatementRequest) => {
      const signature = `deposits:statement:${JSON.stringify(request.lines)}`;
      const result = await matchBankStatement(request, keys.keyFor(signature));
      keys.settle(signature);
      return result;
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.funds.all });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
