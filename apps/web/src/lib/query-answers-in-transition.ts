import { startTransition, useEffect, useLayoutEffect, useReducer, useRef } from 'react';

/**
 * What the app's builds give React Query's useQuery in place of `useSyncExternalStore`
 * (scripts/vite-query-answers-in-transition.ts): the same arguments, but a query's news renders
 * as a transition. React 19 renders every useSyncExternalStore change in the sync lane, one
 * blocking task each: Home's sixteen answers arrived as about twenty commits of 10–70 ms on a
 * phone, each counted whole as blocking time. As transitions, answers that arrive together
 * render together, in slices that yield to input (decision 078).
 *
 * useQuery ignores what the hook returns (it reads the observer's result in its own render),
 * so a render that shows an answer a moment older than the cache holds — what
 * useSyncExternalStore exists to forbid — lasts only until the transition's render.
 */
export function useSubscriptionInTransition<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const [, renderAgain] = useReducer((renders: number) => renders + 1, 0);
  const value = getSnapshot();
  // What the last committed render saw, and how to read the store now (a new function each
  // render in useQuery).
  const shown = useRef(value);
  const read = useRef(getSnapshot);
  useLayoutEffect(() => {
    shown.current = value;
    read.current = getSnapshot;
  });
  useEffect(() => {
    const onChange = () => {
      if (!Object.is(read.current(), shown.current)) startTransition(renderAgain);
    };
    const unsubscribe = subscribe(onChange);
    // A change between the render and this subscription would otherwise wait for the next.
    onChange();
    return unsubscribe;
  }, [subscribe]);
  return value;
}
