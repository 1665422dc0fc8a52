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
