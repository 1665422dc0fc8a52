/** Every path of the client app in one place (spec §2). */
export const paths = {
  root: '/',
  dashboard: '/dashboard',
  login: '/login',
  kyc: '/kyc',
  about: '/about',
  privacy: '/privacy',
  cookie: '/cookie',
  /** The investor charter and escalation matrix SEBI requires a broker to display (public). */
  investorCharter: '/investor-charter',
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
  /** Credit Products (menu route, shown with allow_loan or to a borrower) and a loan's page. */
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
    /** XIRR against NIFTY 50 and dividends received (issue 34). */
    returns: '/portfolio/returns',
    gtt: '/portfolio/gtt',
    tax: '/portfolio/tax',
    /** Holdings › Transfer shares in (a screen of the Holdings tab). */
    transferIn: '/portfolio/holding/transfer-in',
  },
  me: {
    root: '/me',
    profile: '/me/profile',
    application: '/me/application',
    records: '/me/records',
    nominees: '/me/nominees',
    grievances: '/me/grievances',
    /** Two-step verification and the devices signed in (issue 32). */
    security: '/me/security',
    /** The client's API apps for programs on the Kite Connect v3 wire (issue 35). */
    apps: '/me/apps',
    /** Every menu route with its icon and title: the phone's way to them (no sidebar). */
    more: '/me/more',
  },
} as const;

/** Anchor of the bank accounts section on the Me pages; the drawer's Bank Accounts entry. */
export const BANK_SECTION_ID = 'bank-section';
export const BANK_SECTION_PATH = `${paths.me.root}#${BANK_SECTION_ID}`;

/** Default landing path after login (spec §2). */
export const DEFAULT_LANDING = paths.dashboard;
