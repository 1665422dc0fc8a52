/** The deposit and withdraw drawer bodies (app/drawers-host loads them from here). */
export { DepositPanel } from './deposit-panel';
export { WithdrawPanel } from './withdraw-panel';
