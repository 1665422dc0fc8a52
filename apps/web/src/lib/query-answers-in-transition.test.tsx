/**
 * The app's builds give React Query's useQuery useSubscriptionInTransition in place of
 * useSyncExternalStore (scripts/vite-query-answers-in-transition.ts): a query's answer renders
 * as a transition, after the urgent work of the moment, instead of as one blocking task.
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

function Reader({ store, onRender }: { store: Store<number>; onRender?: () => void }) {
  onRender?.();
  // A new getSnapshot each render, as useQuery passes it.
  return (
    <p data-testid="shown">{useSubscriptionInTransition(store.subscribe, () => store.get())}</p>
  );
}
const shown = () => screen.getByTestId('shown').textContent;

describe('useSubscriptionInTransition', () => {
  it("renders the store's change after an urgent flush, then shows it", async () => {
    const store = createStore(1);
    render(<Reader store={store} />);
    await waitFor(() => expect(shown()).toBe('1'));
    flushSync(() => store.set(2));
    expect(shown()).toBe('1');
    await waitFor(() => expect(shown()).toBe('2'));
  });

  it('renders once more for a change that came between its render and its subscription', async () => {
    const store = createStore(1);
    // Layout effects run before any passive one, so this change lands before the reader subscribes.
    function ChangesOnMounting() {
      useLayoutEffect(() => store.set(5), []);
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
    const store = createStore(1);
    let renders = 0;
    render(<Reader store={store} onRender={() => renders++} />);
    await waitFor(() => expect(shown()).toBe('1'));
    const before = renders;
    store.set(1);
    store.set(2);
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
