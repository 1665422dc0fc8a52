/**
 * What each role may open, mirrored from the server's per-route role lists so the console
 * hides what would be refused. The server decides; this only spares a 403.
 */
import { STAFF_ROLES, type TStaffRole } from '@sampada/shared';

export type TArea =
  | 'dashboard'
  | 'clients'
  | 'clientEdit'
  | 'kyc'
  | 'invites'
  | 'resetCodes'
  | 'staff'
  | 'menu'
  | 'settings'
  | 'audit'
  | 'news'
  | 'deposits'
  | 'withdrawals'
  | 'reconciliation'
  | 'ledger'
  | 'trading'
  | 'chargesEdit'
  | 'clientOrders';

const ACCESS: Record<TArea, readonly TStaffRole[]> = {
  dashboard: STAFF_ROLES,
  clients: ['advisor', 'operations', 'support'],
  clientEdit: ['advisor'],
  kyc: ['advisor'],
  invites: ['advisor'],
  resetCodes: ['advisor'],
  staff: [],
  menu: [],
  settings: [],
  audit: [],
  news: ['advisor'],
  // Money (docs/api-funds.md, console): operations decide; support and advisor (own clients)
  // may only read a client's ledger.
  deposits: ['operations'],
  withdrawals: ['operations'],
  reconciliation: ['operations'],
  ledger: ['operations', 'support', 'advisor'],
  // Trading (docs/api-trading.md, console): operations run the desk and the offerings; only
  // admin edits the charge schedule; support and advisor (own clients) read a client's orders.
  trading: ['operations'],
  chargesEdit: [],
  clientOrders: ['operations', 'support', 'advisor'],
};

/** Admin may do everything; others what their roles list. */
export const may = (roles: readonly TStaffRole[] | undefined, area: TArea) =>
  !!roles && (roles.includes('admin') || ACCESS[area].some((r) => roles.includes(r)));
