import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostWithKey } from '../../../lib/api-client';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { queryKeys } from '../../../lib/query-keys';

export type TActionRequest = { url: string; body?: unknown };

/**
 * One desk action (publish, close, allocate, confirm, reject, allot, list): a POST with an
 * Idempotency-Key — a new key for a new action, the same key when the very same action is
 * retried after a failure. Success or failure, the trading views and the dashboard counts
 * are read again.
 */
export function useTradingAction<TVariables, TResult>(
  toRequest: (variables: TVariables) => TActionRequest,
) {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (variables: TVariables) => {
      const { url, body = {} } = toRequest(variables);
      const signature = `${url} ${JSON.stringify(body)}`;
      const result = await apiPostWithKey<TResult>(url, body, keys.keyFor(signature));
      keys.settle(signature);
      return result;
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.trading.all });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
