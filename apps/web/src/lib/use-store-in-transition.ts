import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Like `useSyncExternalStore`, but the store's changes render as a transition: React renders
 * them in slices between other work instead of one blocking task. useSyncExternalStore
 * always renders a change at once, in one task (React 19 gives it the sync lane): in market
 * hours Home's quotes changed every 500 ms and each change was a 30–100 ms task on a phone,
 * all of it counted as blocking time. For stores that only inform and change often (live
 * quotes): a render may show a snapshot a moment older than the store holds — what
 * useSyncExternalStore exists to forbid — and the store's next change catches it up.
 *
 * `getSnapshot` must return the same value while the store has not changed (as for
 * useSyncExternalStore); a new `getSnapshot` (other symbols) is read at once, in the render.
 */
export function useStoreInTransition<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const [kept, setKept] = useState(() => ({ getSnapshot, value: getSnapshot() }));
  let current = kept;
  if (kept.getSnapshot !== getSnapshot) {
    current = { getSnapshot, value: getSnapshot() };
    setKept(current);
  }
  // The value last rendered or asked for: news about the store that leaves this reader's
  // answer as it was schedules nothing.
  const latest = useRef(current.value);
  latest.current = current.value;
  useEffect(() => {
    const update = () => {
      const value = getSnapshot();
      if (Object.is(latest.current, value)) return;
      latest.current = value;
      startTransition(() => setKept({ getSnapshot, value }));
    };
    // A change between the render and this subscription would otherwise wait for the next.
    update();
    return subscribe(update);
  }, [subscribe, getSnapshot]);
  return current.value;
}
