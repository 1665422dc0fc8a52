import type {
  TApplicationsQuery,
  TCandleInterval,
  TLoanQuoteRequest,
  TMarket,
  TMarketFilter,
  TOfferingKind,
  TOrderListQuery,
  TRankingType,
  TRecordsQuery,
} from '@sampada/shared';

/** The filters of a fund records list (the page and cursor are the query's own). */
export type TRecordsFilter = Omit<TRecordsQuery, 'cursor' | 'limit'>;
/** The filters of an orders list. */
export type TOrdersFilter = Omit<TOrderListQuery, 'cursor' | 'limit'>;
/** Most active stocks by traded volume (shares) or value (rupees). */
export type TMostActiveBy = 'volume' | 'value';

/**
 * The query-key factory of the client app: every query names its key here and every
 * invalidation goes through it, never through a literal array. One key holds one kind of data:
 * the query options that fill it are defined once (a feature's api/, or lib/ when several
 * features read it), and a key's prefix (`all`) is what a change makes stale.
 */
export const queryKeys = {
  profile: ['profile'] as const,
  kycDetail: ['kyc-detail'] as const,
  systemSettings: ['system-settings'] as const,
  countries: ['countries'] as const,
  /** GET /stat/app/v1/…: cash and holdings, read by Home, funds, trading and the portfolio. */
  stat: {
    all: ['stat'] as const,
    assets: ['stat', 'asset'] as const,
    portfolio: ['stat', 'portfolio'] as const,
    /** Returns against NIFTY 50 from `from` (null: since the first trade), and dividends. */
    returns: (from: string | null) => ['stat', 'returns', from] as const,
    dividends: ['stat', 'dividends'] as const,
    /** Engagement (docs/api-engagement.md): computed from the same cash, holdings and trades. */
    vip: ['stat', 'vip'] as const,
    score: ['stat', 'score'] as const,
    achievements: ['stat', 'achievements'] as const,
    radar: ['stat', 'radar'] as const,
  },
  /** The credit feature's calls (/loan/app/v1/…); /me/application reads the loans list too. */
  loan: {
    all: ['loan'] as const,
    products: ['loan', 'products'] as const,
    quote: (request: TLoanQuoteRequest) => ['loan', 'quote', request] as const,
    loans: ['loan', 'loans'] as const,
    loan: (id: string) => ['loan', 'loans', id] as const,
  },
  /** The Security screen: the second factor's state and the live sessions (issue 32). */
  security: {
    all: ['security'] as const,
    totp: ['security', 'totp'] as const,
    sessions: ['security', 'sessions'] as const,
  },
  /** Me › Developer apps: the client's API apps and each one's postback delivery log. */
  apiApps: {
    all: ['api-apps'] as const,
    list: ['api-apps', 'list'] as const,
    postbacks: (id: string) => ['api-apps', 'postbacks', id] as const,
  },
  /** The support chat (/chat/app/v1/…): the history pages and the unread count. */
  chat: {
    all: ['chat'] as const,
    history: ['chat', 'history'] as const,
    unread: ['chat', 'unread'] as const,
  },
  /** Compensation claims (/compensation/app/v1/…); the applications page lists them too. */
  compensation: {
    all: ['compensation'] as const,
    list: ['compensation', 'list'] as const,
    claim: (id: string) => ['compensation', 'claim', id] as const,
  },
  /** Offers and bonus claims (/offer/app/v1/…). */
  offers: { all: ['offers'] as const, list: ['offers', 'list'] as const },
  /** GET /client/app/v1/applications: every application, by filter. */
  applications: {
    all: ['applications'] as const,
    list: (filter: TApplicationsQuery) => ['applications', filter] as const,
  },
  funds: {
    all: ['funds'] as const,
    depositAccount: ['funds', 'deposit-account'] as const,
    bankCards: ['funds', 'bank-cards'] as const,
    deposits: ['funds', 'deposits'] as const,
    withdrawals: ['funds', 'withdrawals'] as const,
    /** Where is my money: under `funds`, so every money movement refreshes it. */
    moneyBreakdown: ['funds', 'money-breakdown'] as const,
    records: (filter: TRecordsFilter) => ['funds', 'records', filter] as const,
    receipt: (postingId: string) => ['funds', 'records', 'receipt', postingId] as const,
  },
  trade: {
    all: ['trade'] as const,
    charges: ['trade', 'charges'] as const,
    deals: (kind: TOfferingKind) => ['trade', 'deals', kind] as const,
    deal: (id: string) => ['trade', 'deal', id] as const,
    holdings: ['trade', 'holdings'] as const,
    orders: (filter: TOrdersFilter) => ['trade', 'orders', filter] as const,
    order: (id: string) => ['trade', 'order', id] as const,
    /** Whether the client has ever had an order filled (Home's first-trade step). */
    firstFill: ['trade', 'first-fill'] as const,
    contractNote: (no: string) => ['trade', 'contract-note', no] as const,
    gtts: ['trade', 'gtts'] as const,
    taxPnl: (year: number | null) => ['trade', 'tax-pnl', year] as const,
    /** Shares transferred in from another broker: the client's requests. */
    transfersIn: ['trade', 'transfers-in'] as const,
  },
  market: {
    config: ['market', 'config'] as const,
    status: ['market', 'status'] as const,
    indices: ['market', 'indices'] as const,
    rankings: (type: TRankingType, limit: number) => ['market', 'rankings', type, limit] as const,
    mostActive: (by: TMostActiveBy, limit: number) => ['market', 'most-active', by, limit] as const,
    list: (filter: TMarketFilter) => ['market', 'list', filter] as const,
    heatmap: ['market', 'heatmap'] as const,
    themes: ['market', 'themes'] as const,
    watchlist: ['market', 'watchlist'] as const,
    /** Price alerts and the notifications (fired alerts) they become. */
    alerts: ['market', 'alerts'] as const,
    notifications: ['market', 'alerts', 'notifications'] as const,
  },
  /** The stock-data API (spec §7). */
  stock: {
    detail: (market: TMarket, symbol: string) => ['stock', 'detail', market, symbol] as const,
    chart: (market: TMarket, symbol: string, interval: TCandleInterval) =>
      ['stock', 'chart', market, symbol, interval] as const,
    company: (market: TMarket, symbol: string) => ['stock', 'company', market, symbol] as const,
  },
  news: {
    all: ['news'] as const,
    headlines: (limit: number) => ['news', 'headlines', limit] as const,
    list: (symbol: string | null) => ['news', 'list', symbol ?? ''] as const,
    article: (id: string) => ['news', 'article', id] as const,
  },
};
