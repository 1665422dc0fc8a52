import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostWithKey } from './api-client';
import { useIdempotencyKeys } from './idempotency';

export type TKeyedRequest = { url: string; body?: unknown };

/**
 * A staff action that moves money or stock (a loan, a claim, a deposit, a desk allocation): a
 * POST with an Idempotency-Key — a new key for a new action, the same key when the very same
 * action (same URL, same body) is retried after a failure, so one that did reach the server is
 * answered once. Success or failure, `invalidates` are read again.
 */
export function useKeyedAction<TVariables, TResult>(
  toRequest: (variables: TVariables) => TKeyedRequest,
  invalidates: readonly QueryKey[],
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
      for (const queryKey of invalidates) void client.invalidateQueries({ queryKey });
    },
  });
}

/**
 * A decision on one item of a review queue: `{ action, ...body }` is posted to
 * `<item's URL>/<action>` with the rest as its body.
 */
export function useDecision<TDecision extends { action: string }, TResult>(
  itemUrl: (id: string) => string,
  invalidates: readonly QueryKey[],
) {
  return useKeyedAction<{ id: string; decision: TDecision }, TResult>(({ id, decision }) => {
    const { action, ...body } = decision;
    return { url: `${itemUrl(id)}/${action}`, body };
  }, invalidates);
}
