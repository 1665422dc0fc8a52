/** Every path of the client app in one place (spec §2). */
export const paths = {
  root: '/',
  dashboard: '/dashboard',
  login: '/login',
  kyc: '/kyc',
  about: '/about',
  privacy: '/privacy',
  cookie: '/cookie',
  error: '/error',
  market: '/market',
  discover: '/discover',
  /** The company introduction and video (Discover). */
  company: (symbol: string) => `/discover/company/${encodeURIComponent(symbol)}`,
  companyPattern: '/discover/company/:symbol',
  /** Menu routes of the seeded default menu (server menu/service.ts DEFAULT_MENU). */
  watchlist: '/watchlist',
  mostActive: '/market/most-active',
  ranking: '/market/ranking',
  scoreInfo: '/score-info',
  achievements: '/achievements',
  radar: '/radar',
  news: '/news',
  deals: '/deals',
  investmentStats: '/portfolio/stats/investment',
  stockStats: '/portfolio/stats/stocks',
  /** Credit Products (menu route, shown with allow_loan) and a loan's page. */
  credit: '/credit',
  loan: (id: string) => `/credit/loans/${encodeURIComponent(id)}`,
  loanPattern: '/credit/loans/:id',
  newsArticle: (id: string) => `/news/${encodeURIComponent(id)}`,
  newsArticlePattern: '/news/:id',
  portfolio: {
    root: '/portfolio',
    summary: '/portfolio/summary',
    holding: '/portfolio/holding',
    awaiting: '/portfolio/awaiting',
    history: '/portfolio/history',
    gtt: '/portfolio/gtt',
    tax: '/portfolio/tax',
  },
  me: {
    root: '/me',
    profile: '/me/profile',
    application: '/me/application',
    records: '/me/records',
    /** Every menu route with its icon and title: the phone's way to them (no sidebar). */
    more: '/me/more',
  },
} as const;

/** Anchor of the bank accounts section on the Me pages; the drawer's Bank Accounts entry. */
export const BANK_SECTION_ID = 'bank-section';
export const BANK_SECTION_PATH = `${paths.me.root}#${BANK_SECTION_ID}`;

/** Default landing path after login (spec §2). */
export const DEFAULT_LANDING = paths.dashboard;
