/**
 * Who may do what in the console: the one table of staff roles (docs/decisions/010). The
 * server's staff guard reads it (every console route names its entry and the guard answers
 * 403 to a role the entry does not list); the console reads it to show menu items, pages and
 * controls by role. Admin may do everything and is never listed.
 */
import { STAFF_ROLES, type TStaffRole } from './constants.ts';

export const ROLE_ACCESS = {
  // ---------- Parts of the console: routes the guard checks, pages and controls shown ----------
  /** One's own session: profile, sign out, sign out everywhere. */
  session: STAFF_ROLES,
  dashboard: STAFF_ROLES,
  /** The client list and a client's page (read-only). */
  clients: ['advisor', 'operations', 'support'],
  /** A client's capability flags, VIP level and trust score. */
  clientEdit: ['advisor'],
  kyc: ['advisor'],
  invites: ['advisor'],
  resetCodes: ['advisor'],
  news: ['advisor'],
  /** Company videos shown in the client app's company introduction (content, like news). */
  companyVideos: ['advisor'],
  staff: [],
  menu: [],
  settings: [],
  audit: [],
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
  // Credit (docs/api-credit.md, console): operations decide and disburse loans; advisors read
  // their own clients' loans and the shortfall list; only admin edits products and the
  // maker-checker threshold.
  loans: ['operations', 'advisor'],
  loanDecide: ['operations'],
  creditProducts: [],
  // Compensation and offers (docs/api-applications.md, console): operations decide and pay
  // claims; support and advisors (own clients) read them; only admin sets the cap and the
  // maker-checker threshold. Operations publish offers and read their claims.
  compensation: ['operations', 'support', 'advisor'],
  compensationDecide: ['operations'],
  compensationSettings: [],
  offers: ['operations'],
  // Engagement (docs/api-engagement.md, console): a client's VIP level, score, achievements
  // and radar for those who see the client; score adjustments by their advisor; tiers by admin.
  engagement: ['advisor', 'operations', 'support'],
  scoreAdjust: ['advisor'],
  vipTiers: [],
  // Support chat (docs/api-support.md): support agents answer every client; advisors answer
  // their own clients (the everyClient scope); only admin edits the canned replies.
  supportChat: ['support', 'advisor'],
  cannedRepliesEdit: [],
  // A broker's duties (docs/api-duties.md): operations read the mail outbox; operations and
  // support handle complaints; a client's nominees are read where the client's page is.
  outbox: ['operations'],
  grievances: ['operations', 'support'],
  // Corporate actions (docs/api-portfolio.md): operations propose and a second officer approves.
  corporateActions: ['operations'],
  // Running-account settlement (docs/api-duties.md): operations prepare a date's batch and a
  // second officer approves it (maker-checker, decision 045).
  settlement: ['operations'],
  settlementDecide: ['operations'],
  // Shares transferred in (docs/transfers-in.md): operations confirm against the depository's
  // credit or reject with a reason.
  transfersIn: ['operations'],

  // ---------- Scopes: no route of their own; what a role sees and touches inside the parts ----------
  /** See every client; the others (an advisor and nothing more) see only the clients they advise. */
  everyClient: ['operations', 'support'],
  /** Act on any advisor's clients and invitation codes; the others act only on their own. */
  anyAdvisor: [],
  /** Read a client's full ID number; the others see it masked. */
  idNumbers: ['advisor'],
} as const satisfies Record<string, readonly TStaffRole[]>;

export type TConsoleArea = keyof typeof ROLE_ACCESS;

/** Whether staff holding `roles` may use `area`: admin always; the others as the table says. */
export const mayAccess = (roles: readonly TStaffRole[] | undefined, area: TConsoleArea) =>
  !!roles &&
  (roles.includes('admin') ||
    (ROLE_ACCESS[area] as readonly TStaffRole[]).some((r) => roles.includes(r)));
