import type { TMarket, TOfferingKind, TOrderSide } from '@sampada/shared';
import { createStore, useStore } from './create-store';
import { onSessionEnd } from './session';

/**
 * App-wide drawers and panels that one feature opens and another fills (deposit and
 * withdraw from the user drawer, the support panel, stock detail from any quote, the
 * trading drawers from market, all deals and portfolio). app/drawers-host renders them.
 */
export type TGlobalDrawer =
  | 'deposit'
  | 'withdraw'
  | 'support'
  | 'stock-detail'
  | TOfferingKind
  | 'order'
  | 'loan'
  | 'compensation';

/** The instrument the stock detail drawer shows. */
export interface TStockRef {
  symbol: string;
  market: TMarket;
}

/** What an offering drawer (institutional, OTC, IPO) opens on; no id: the client chooses. */
export interface TDealRef {
  kind: TOfferingKind;
  offeringId?: string;
}

/** The stock and side the order ticket (market or limit) opens with. */
export interface TOrderRef {
  symbol: string;
  side: TOrderSide;
}

/** The product the Loan Application drawer opens on; none: the client chooses. */
export interface TLoanRef {
  productId?: string;
}

/** The deposit the Deposit drawer brings into view (a refused deposit's notice names it). */
export interface TDepositRef {
  focusId: string;
}

interface TDrawerState {
  open: TGlobalDrawer | null;
  deposit?: TDepositRef;
  stock?: TStockRef;
  deal?: TDealRef;
  order?: TOrderRef;
  loan?: TLoanRef;
}

export const drawerStore = createStore<TDrawerState>({ open: null });
export const useGlobalDrawer = () => useStore(drawerStore).open;
/** The last stock opened; kept while the drawer closes so its content does not vanish. */
export const useStockDetailRef = () => useStore(drawerStore).stock;
export const useDealRef = () => useStore(drawerStore).deal;
export const useOrderRef = () => useStore(drawerStore).order;
export const useLoanRef = () => useStore(drawerStore).loan;
export const useDepositRef = () => useStore(drawerStore).deposit;

let afterClose: (() => void)[] = [];

export function openGlobalDrawer(
  name: Exclude<TGlobalDrawer, 'stock-detail' | TOfferingKind | 'order' | 'loan'>,
) {
  drawerStore.set((state) => ({ ...state, open: name, deposit: undefined }));
}

/** Opens the Deposit drawer with one of the client's recent deposits in view. */
export function openDepositDrawer(focusId: string) {
  drawerStore.set((state) => ({ ...state, open: 'deposit', deposit: { focusId } }));
}

/** Opens the stock detail slide-up drawer from anywhere (spec §2); the URL stays. */
export function openStockDetail(symbol: string, market: TMarket = 'NSE') {
  drawerStore.set({ open: 'stock-detail', stock: { symbol, market } });
}

/**
 * Opens the Institutional Stock, OTC Trading or IPO drawer (spec §2), on one offering when
 * an id is given (a deal row, a market list row), otherwise on the list to choose from.
 */
export function openDealDrawer(kind: TOfferingKind, offeringId?: string) {
  drawerStore.set((state) => ({ ...state, open: kind, deal: { kind, offeringId } }));
}

/** Opens the order ticket (market or limit) for one stock: Buy/Sell on stock detail, Sell on a holding. */
export function openOrderTicket(symbol: string, side: TOrderSide) {
  drawerStore.set((state) => ({ ...state, open: 'order', order: { symbol, side } }));
}

/** Opens the Loan Application slide-up drawer (spec §2), on one product when given. */
export function openLoanApplication(productId?: string) {
  drawerStore.set((state) => ({ ...state, open: 'loan', loan: { productId } }));
}

/** Opens the Compensation Application slide-up drawer (spec §2; only with allow_compensation). */
export const openCompensationApplication = () =>
  drawerStore.set((state) => ({ ...state, open: 'compensation' }));

/** Closes the open drawer; resolves once its closing transition has finished (spec §2). */
export function closeGlobalDrawer(): Promise<void> {
  if (!drawerStore.get().open) return Promise.resolve();
  return new Promise((resolve) => {
    afterClose.push(resolve);
    drawerStore.set((state) => ({ ...state, open: null }));
  });
}

let setPinFlow: (() => void) | null = null;

/**
 * app/drawers-host hands over the Set PIN flow, which the account feature owns, so that the
 * screens that find no PIN (withdrawal, bank accounts, orders) can open it without importing
 * another feature. Returns the undo for the host's unmount.
 */
export function provideSetPin(open: () => void) {
  const flow = () => open();
  setPinFlow = flow;
  return () => {
    if (setPinFlow === flow) setPinFlow = null;
  };
}

/** Sends a client without a PIN to the Set PIN flow (a modal over the current screen). */
export function openSetPin() {
  if (setPinFlow) setPinFlow();
  else console.error('Set PIN asked for with no drawer host mounted');
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
