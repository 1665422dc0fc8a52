/** Every path of the console in one place; the router's basename is /console. */
export const paths = {
  signIn: '/sign-in',
  dashboard: '/',
  clients: '/clients',
  client: (id: string) => `/clients/${id}`,
  clientLedger: (id: string) => `/clients/${id}/ledger`,
  kycQueue: '/kyc',
  kycReview: (clientId: string) => `/kyc/${clientId}`,
  invites: '/invites',
  resetCodes: '/reset-codes',
  staff: '/staff',
  menu: '/menu',
  settings: '/settings',
  audit: '/audit',
  deposits: '/funds/deposits',
  withdrawals: '/funds/withdrawals',
  reconciliation: '/funds/reconciliation',
  news: '/news',
  newsFeeds: '/news?tab=feeds',
  newsNew: '/news/new',
  newsArticle: (id: string) => `/news/${id}`,
  tradingDesk: '/trading/desk',
  tradingOfferings: '/trading/offerings',
  tradingIpo: (id: string) => `/trading/offerings/ipos/${id}`,
  tradingCharges: '/trading/charges',
  loans: '/credit/loans',
  loan: (id: string) => `/credit/loans/${id}`,
  shortfalls: '/credit/shortfalls',
  creditProducts: '/credit/products',
} as const;

export const CONSOLE_BASENAME = '/console';
export const API_BASE = '/console/api/v1';
