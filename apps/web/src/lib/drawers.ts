import type { TMarket } from '@sampada/shared';
import { createStore, useStore } from './create-store';
import { onSessionEnd } from './session';

/**
 * App-wide drawers and panels that one feature opens and another fills (deposit and
 * withdraw from the user drawer, the support panel, stock detail from any quote).
 * app/drawers-host renders them.
 */
export type TGlobalDrawer = 'deposit' | 'withdraw' | 'support' | 'stock-detail';

/** The instrument the stock detail drawer shows. */
export interface TStockRef {
  symbol: string;
  market: TMarket;
}

interface TDrawerState {
  open: TGlobalDrawer | null;
  stock?: TStockRef;
}

export const drawerStore = createStore<TDrawerState>({ open: null });
export const useGlobalDrawer = () => useStore(drawerStore).open;
/** The last stock opened; kept while the drawer closes so its content does not vanish. */
export const useStockDetailRef = () => useStore(drawerStore).stock;

let afterClose: (() => void)[] = [];

export function openGlobalDrawer(name: Exclude<TGlobalDrawer, 'stock-detail'>) {
  drawerStore.set((state) => ({ ...state, open: name }));
}

/** Opens the stock detail slide-up drawer from anywhere (spec §2); the URL stays. */
export function openStockDetail(symbol: string, market: TMarket = 'NSE') {
  drawerStore.set({ open: 'stock-detail', stock: { symbol, market } });
}

/** Closes the open drawer; resolves once its closing transition has finished (spec §2). */
export function closeGlobalDrawer(): Promise<void> {
  if (!drawerStore.get().open) return Promise.resolve();
  return new Promise((resolve) => {
    afterClose.push(resolve);
    drawerStore.set((state) => ({ ...state, open: null }));
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
