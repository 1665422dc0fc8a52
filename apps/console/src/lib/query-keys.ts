/** The query-key factory: mutations invalidate through these, never through literal keys. */
export const queryKeys = {
  me: ['me'] as const,
  dashboard: ['dashboard'] as const,
  staff: ['staff'] as const,
  clients: {
    all: ['clients'] as const,
    list: (filters: Record<string, unknown>) => ['clients', 'list', filters] as const,
    detail: (id: string) => ['clients', 'detail', id] as const,
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
  news: {
    all: ['news'] as const,
    list: (filters: Record<string, unknown>) => ['news', 'list', filters] as const,
    article: (id: string) => ['news', 'article', id] as const,
    feeds: ['news', 'feeds'] as const,
  },
};
