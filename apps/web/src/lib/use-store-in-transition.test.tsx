/**
 * A store read through useStoreInTransition renders its changes as a transition: an urgent
 * render (flushSync, a tap) goes first and does not carry the store's change with it. Live
 * quotes changed every 500 ms on Home, and as useSyncExternalStore's sync renders each was a
 * 30–100 ms task on a phone.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from './create-store';
import { useStoreInTransition } from './use-store-in-transition';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
// The real scheduler, as in the browser: act() would flush a transition with everything else.
beforeEach(() => void (globalThis.IS_REACT_ACT_ENVIRONMENT = false));
afterEach(() => void (globalThis.IS_REACT_ACT_ENVIRONMENT = true));

function InTransition({ store }: { store: Store<number> }) {
  return <p data-testid="shown">{useStoreInTransition(store.subscribe, store.get)}</p>;
}
function Synchronous({ store }: { store: Store<number> }) {
  return <p data-testid="shown">{useSyncExternalStore(store.subscribe, store.get)}</p>;
}
const shown = () => screen.getByTestId('shown').textContent;

describe('useStoreInTransition', () => {
  it('renders a change after the urgent work of the moment, then shows it', async () => {
    const store = createStore(1);
    render(<InTransition store={store} />);
    await waitFor(() => expect(shown()).toBe('1'));
    flushSync(() => store.set(2));
    expect(shown()).toBe('1');
    await waitFor(() => expect(shown()).toBe('2'));
  });

  it('is what useSyncExternalStore does not: its change renders inside the urgent flush', async () => {
    const store = createStore(1);
    render(<Synchronous store={store} />);
    await waitFor(() => expect(shown()).toBe('1'));
    flushSync(() => store.set(2));
    expect(shown()).toBe('2');
  });

  it('schedules nothing while the store says the same', async () => {
    const store = createStore({ price: 1 });
    let renders = 0;
    function Reader() {
      renders += 1;
      return <p data-testid="shown">{useStoreInTransition(store.subscribe, store.get).price}</p>;
    }
    render(<Reader />);
    await waitFor(() => expect(shown()).toBe('1'));
    const before = renders;
    store.set((same) => same);
    store.set({ price: 2 });
    await waitFor(() => expect(shown()).toBe('2'));
    expect(renders).toBe(before + 1);
  });

  it('reads a new reader at once, in the render that brings it', async () => {
    const a = createStore(1);
    const b = createStore(7);
    const { rerender } = render(<InTransition store={a} />);
    await waitFor(() => expect(shown()).toBe('1'));
    flushSync(() => rerender(<InTransition store={b} />));
    expect(shown()).toBe('7');
  });
});
