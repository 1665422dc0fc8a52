import { startTransition, useEffect, useLayoutEffect, useReducer, useRef } from 'react';

/** What useQuery's snapshot tells this hook: whether the query has settled yet. */
type Snapshot = { status?: unknown } | null | undefined;

/** A query's first answer (or first failure): the moment a screen's content arrives. */
const isFirstAnswer = (shown: Snapshot, next: Snapshot) =>
  shown?.status === 'pending' && next?.status !== 'pending';

/**
 * What the app's builds give React Query's useQuery in place of `useSyncExternalStore`
 * (scripts/vite-query-answers-in-transition.ts): the same arguments, but a query's first answer
 * renders as a transition. React 19 renders every useSyncExternalStore change in the sync lane,
 * one blocking task each: Home's sixteen answers arrived as about twenty commits of 10–70 ms on
 * a phone, each counted whole as blocking time. As transitions, first answers that arrive
 * together render together, in slices that yield to input (decision 078).
 *
 * Only first answers: every later change (a refetch, a socket's news written into the cache, a
 * badge's count) renders at once, as before. React holds a transition's commit while a new
 * image in it loads, until 800 ms after the latest transition began; when every change was a
 * transition, a page whose queries kept changing kept moving that deadline, and the support
 * chat's read mark (an effect of a held commit) waited for good. First answers are few and
 * end when the screen has loaded, so a held commit waits at most those 800 ms.
 *
 * useQuery ignores what the hook returns (it reads the observer's result in its own render),
 * so a render that shows an answer a moment older than the cache holds — what
 * useSyncExternalStore exists to forbid — lasts only until the transition's render.
 */
export function useSubscriptionInTransition<T extends Snapshot>(
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
      const next = read.current();
      if (Object.is(next, shown.current)) return;
      if (isFirstAnswer(shown.current, next)) startTransition(renderAgain);
      else renderAgain();
    };
    const unsubscribe = subscribe(onChange);
    // A change between the render and this subscription would otherwise wait for the next.
    onChange();
    return unsubscribe;
  }, [subscribe]);
  return value;
}
