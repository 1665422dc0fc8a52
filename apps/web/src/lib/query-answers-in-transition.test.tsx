/**
 * The app's builds give React Query's useQuery useSubscriptionInTransition in place of
 * useSyncExternalStore (scripts/vite-query-answers-in-transition.ts): a query's first answer
 * renders as a transition, after the urgent work of the moment, instead of as one blocking
 * task; a later change renders at once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isUseBaseQuery,
  replaceSubscription,
} from '../../../../scripts/vite-query-answers-in-transition';
import { createStore, type Store } from './create-store';
import { useSubscriptionInTransition } from './query-answers-in-transition';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
// The real scheduler, as in the browser: act() would flush a transition with everything else.
beforeEach(() => void (globalThis.IS_REACT_ACT_ENVIRONMENT = false));
afterEach(() => void (globalThis.IS_REACT_ACT_ENVIRONMENT = true));

type Result = { status: 'pending' | 'success'; data?: number };
const pending: Result = { status: 'pending' };
const answer = (data: number): Result => ({ status: 'success', data });

function Reader({ store, onRender }: { store: Store<Result>; onRender?: () => void }) {
  onRender?.();
  // A new getSnapshot each render, as useQuery passes it.
  const result = useSubscriptionInTransition(store.subscribe, () => store.get());
  return <p data-testid="shown">{result.data ?? 'loading'}</p>;
}
const shown = () => screen.getByTestId('shown').textContent;

describe('useSubscriptionInTransition', () => {
  it('renders a first answer after an urgent flush, then shows it', async () => {
    const store = createStore(pending);
    render(<Reader store={store} />);
    await waitFor(() => expect(shown()).toBe('loading'));
    flushSync(() => store.set(answer(2)));
    expect(shown()).toBe('loading');
    await waitFor(() => expect(shown()).toBe('2'));
  });

  it('renders a later change at once, as useSyncExternalStore did', async () => {
    const store = createStore(answer(1));
    render(<Reader store={store} />);
    await waitFor(() => expect(shown()).toBe('1'));
    flushSync(() => store.set(answer(2)));
    expect(shown()).toBe('2');
  });

  it('renders once more for a change that came between its render and its subscription', async () => {
    const store = createStore(pending);
    // Layout effects run before any passive one, so this change lands before the reader subscribes.
    function ChangesOnMounting() {
      useLayoutEffect(() => store.set(answer(5)), []);
      return null;
    }
    render(
      <>
        <Reader store={store} />
        <ChangesOnMounting />
      </>,
    );
    await waitFor(() => expect(shown()).toBe('5'));
  });

  it('schedules nothing while the store says the same', async () => {
    const store = createStore(answer(1));
    let renders = 0;
    render(<Reader store={store} onRender={() => renders++} />);
    await waitFor(() => expect(shown()).toBe('1'));
    const before = renders;
    const same = store.get();
    store.set(same);
    store.set(answer(2));
    await waitFor(() => expect(shown()).toBe('2'));
    expect(renders).toBe(before + 1);
  });
});

describe("the build's useQuery", () => {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('@tanstack/react-query')), 'useBaseQuery.js');

  it("replaces the one useSyncExternalStore call of the installed React Query's useBaseQuery", () => {
    expect(isUseBaseQuery(file)).toBe(true);
    expect(isUseBaseQuery('/app/node_modules/@tanstack/react-query/build/modern/useQuery.js')).toBe(
      false,
    );
    const code = replaceSubscription(readFileSync(file, 'utf8'), '/hook.ts');
    expect(code).not.toContain('useSyncExternalStore');
    expect(code).toContain('__useSubscriptionInTransition(');
    expect(() => replaceSubscription('export {}', '/hook.ts')).toThrow(/found 0/);
  });
});
