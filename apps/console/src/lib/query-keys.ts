/** The query-key factory: mutations invalidate through these, never through literal keys. */
export const queryKeys = {
  me: ['me'] as const,
  dashboard: ['dashboard'] as const,
  staff: ['staff'] as const,
  clients: {
    all: ['clients'] as const,
    list: (filters: Record<string, unknown>) => ['clients', 'list', filters] as const,
    detail: (id: string) => ['clients', 'detail', id] as const,
    /** A client's nominees, read-only (issue 36). */
    nominees: (id: string) => ['clients', 'nominees', id] as const,
  },
  invites: ['invites'] as const,
  resetCodes: ['reset-codes'] as const,
  kycQueue: ['kyc-queue'] as const,
  menu: ['menu'] as const,
  settings: ['settings'] as const,
  audit: (filters: Record<string, unknown>) => ['audit', filters] as const,
  funds: {
    all: ['funds'] as const,
    deposits: (status: string) => ['funds', 'deposits', status] as const,
    withdrawals: (status: string) => ['funds', 'withdrawals', status] as const,
    ledger: (clientId: string) => ['funds', 'ledger', clientId] as const,
    reconciliation: ['funds', 'reconciliation'] as const,
  },
  /** Running-account settlement batches (issue 36). */
  settlement: {
    all: ['settlement'] as const,
    batches: ['settlement', 'batches'] as const,
    batch: (id: string) => ['settlement', 'batch', id] as const,
  },
  /** A broker's duties (issue 36): the mail outbox, a day's contract-note run, complaints. */
  duties: {
    all: ['duties'] as const,
    outbox: (status: string) => ['duties', 'outbox', status] as const,
    message: (id: string) => ['duties', 'message', id] as const,
    noteRun: (date: string) => ['duties', 'note-run', date] as const,
    grievances: (status: string) => ['duties', 'grievances', status] as const,
  },
  news: {
    all: ['news'] as const,
    lists: ['news', 'list'] as const,
    list: (filters: Record<string, unknown>) => ['news', 'list', filters] as const,
    article: (id: string) => ['news', 'article', id] as const,
    feeds: ['news', 'feeds'] as const,
  },
  compensation: {
    all: ['compensation'] as const,
    claims: (status: string) => ['compensation', 'claims', status] as const,
    claim: (id: string) => ['compensation', 'claim', id] as const,
    offers: ['compensation', 'offers'] as const,
    offerClaims: (id: string) => ['compensation', 'offers', id, 'claims'] as const,
  },
  /** A client's API apps (issue 35), on the client page. */
  apiApps: (clientId: string) => ['api-apps', clientId] as const,
  companyVideos: {
    list: ['company-videos'] as const,
  },
  credit: {
    all: ['credit'] as const,
    loans: (filters: Record<string, unknown>) => ['credit', 'loans', filters] as const,
    loan: (id: string) => ['credit', 'loan', id] as const,
    buckets: ['credit', 'buckets'] as const,
    postings: (id: string) => ['credit', 'loan', id, 'postings'] as const,
    keyFacts: (id: string) => ['credit', 'loan', id, 'kfs'] as const,
    foreclosure: (id: string) => ['credit', 'loan', id, 'foreclosure'] as const,
    shortfalls: ['credit', 'shortfalls'] as const,
    products: ['credit', 'products'] as const,
    settings: ['credit', 'settings'] as const,
    benchmark: ['credit', 'benchmark'] as const,
  },
  support: {
    all: ['support'] as const,
    list: (filter: string) => ['support', 'list', filter] as const,
    counts: ['support', 'counts'] as const,
    thread: (id: string) => ['support', 'thread', id] as const,
    context: (id: string) => ['support', 'context', id] as const,
    canned: ['support', 'canned'] as const,
    agents: ['support', 'agents'] as const,
  },
  trading: {
    all: ['trading'] as const,
    allocations: (status: string) => ['trading', 'allocations', status] as const,
    otcQuotes: (status: string) => ['trading', 'otc-quotes', status] as const,
    ipos: (status: string) => ['trading', 'ipos', status] as const,
    ipo: (id: string) => ['trading', 'ipo', id] as const,
    allotment: (id: string) => ['trading', 'allotment', id] as const,
    orders: (filters: Record<string, unknown>) => ['trading', 'orders', filters] as const,
    reference: (symbol: string) => ['trading', 'reference', symbol] as const,
    charges: ['trading', 'charges'] as const,
  },
  portfolio: {
    corporateActions: ['portfolio', 'corporate-actions'] as const,
    /** Shares transferred in from other brokers (docs/transfers-in.md). */
    transfersIn: ['portfolio', 'transfers-in'] as const,
  },
  engagement: {
    all: ['engagement'] as const,
    client: (id: string) => ['engagement', 'client', id] as const,
    tiers: ['engagement', 'tiers'] as const,
  },
  apiReference: ['api-reference'] as const,
};
