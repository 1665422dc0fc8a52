import { useRef } from 'react';

/**
 * Idempotency-Key per decision attempt (docs/api-funds.md "Idempotency-Key", docs/api-trading.md): a new UUID for
 * a new decision, the same one when the user retries the very same decision (same action,
 * same subject, same body) after a failure, so a request that did reach the server is
 * answered once. The key is dropped once the decision succeeds.
 */
export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>());
  return {
    keyFor(signature: string) {
      let key = keys.current.get(signature);
      if (!key) {
        key = crypto.randomUUID();
        keys.current.set(signature, key);
      }
      return key;
    },
    settle(signature: string) {
      keys.current.delete(signature);
    },
  };
}
