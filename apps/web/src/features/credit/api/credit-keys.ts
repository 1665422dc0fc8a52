import type { TLoanQuoteRequest } from '@sampada/shared';

/**
 * The credit feature's query keys, in one factory: mutations invalidate through it. Shaped
 * like the app-wide factory (lib/) so it can move there unchanged.
 */
export const creditKeys = {
  all: ['loan'] as const,
  products: () => [...creditKeys.all, 'products'] as const,
  quote: (request: TLoanQuoteRequest) => [...creditKeys.all, 'quote', request] as const,
  loans: () => [...creditKeys.all, 'loans'] as const,
  loan: (id: string) => [...creditKeys.all, 'loans', id] as const,
};
