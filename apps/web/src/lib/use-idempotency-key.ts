import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * One Idempotency-Key per attempt (docs/api-funds.md): the same request sent again (a retry
 * after a timeout or a lost answer) carries the same key and is replayed, never repeated; a
 * changed request, or one after a success, gets a new key.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (!attempt.current || attempt.current.body !== text) {
        attempt.current = { body: text, key: crypto.randomUUID() };
      }
      return attempt.current.key;
    },
    /** After a success: the next request is a new action. */
    done() {
      attempt.current = null;
    },
  };
}

/**
 * A money-moving POST as a mutation: each attempt carries its Idempotency-Key (the same body
 * sent again, the same key), and a success ends the attempt before `onSuccess` runs.
 */
export function useIdempotentMutation<TBody, TResult>({
  send,
  onSuccess,
  onError,
}: {
  send: (body: TBody, idempotencyKey: string) => Promise<TResult>;
  onSuccess?: (result: TResult) => void;
  onError?: (error: Error) => void;
}) {
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: TBody) => send(body, idempotency.keyFor(body)),
    onSuccess: (result) => {
      idempotency.done();
      onSuccess?.(result);
    },
    onError,
  });
}
