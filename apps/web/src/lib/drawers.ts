import { createStore, useStore } from './create-store';
import { onSessionEnd } from './session';

/**
 * App-wide drawers and panels that one feature opens and another fills (deposit and
 * withdraw from the user drawer, the support panel). app/drawers-host renders them.
 */
export type TGlobalDrawer = 'deposit' | 'withdraw' | 'support';

interface TDrawerState {
  open: TGlobalDrawer | null;
}

export const drawerStore = createStore<TDrawerState>({ open: null });
export const useGlobalDrawer = () => useStore(drawerStore).open;

let afterClose: (() => void)[] = [];

export function openGlobalDrawer(name: TGlobalDrawer) {
  drawerStore.set({ open: name });
}

/** Closes the open drawer; resolves once its closing transition has finished (spec §2). */
export function closeGlobalDrawer(): Promise<void> {
  if (!drawerStore.get().open) return Promise.resolve();
  return new Promise((resolve) => {
    afterClose.push(resolve);
    drawerStore.set({ open: null });
  });
}

/** Called by the host when a drawer has finished its exit transition. */
export function notifyDrawerClosed() {
  const callbacks = afterClose;
  afterClose = [];
  callbacks.forEach((callback) => callback());
}

onSessionEnd(() => {
  drawerStore.set({ open: null });
  notifyDrawerClosed();
});
