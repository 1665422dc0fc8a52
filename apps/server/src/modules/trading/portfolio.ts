/**
 * The client's portfolio: holdings valued at live prices (an allotted IPO that has not
 * listed at its issue price), the summary with total and day P&L, allocation by sector, and
 * the investment (by month) and stock statistics read from the fills.
 */
import { holdingsOf, holdingsOfMany } from './holdings-of.ts';
import type { PortfolioDeps } from './portfolio-deps.ts';
import { portfolioOf } from './portfolio-of.ts';

export function createPortfolio(deps: PortfolioDeps) {
  return {
    holdingsOf: (clientId: string) => holdingsOf(deps, clientId),
    /** Several clients' holdings in one read (engagement's computations of many). */
    holdingsOfMany: (clientIds: readonly string[]) => holdingsOfMany(deps, clientIds),

    /** For the assets summary: what the holdings cost and are worth now. */
    async valueOf(clientId: string) {
      const list = await holdingsOf(deps, clientId);
      let invested = 0n;
      let current = 0n;
      for (const h of list) {
        invested += BigInt(h.invested_paise);
        current += BigInt(h.current_value_paise);
      }
      return {
        investedPaise: invested,
        currentPaise: current,
        unrealisedPaise: current - invested,
      };
    },

    portfolio: (clientId: string) => portfolioOf(deps, clientId),
  };
}
export type Portfolio = ReturnType<typeof createPortfolio>;
