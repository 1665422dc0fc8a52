/** Named clients for the engagement computations' unit tests (pure facts, no database). */
import type { ClientFacts, DailyClose, FillFact, HoldingFact } from '../facts.ts';
import { daysInMs } from '@sampada/shared';

export const NOW = new Date('2026-11-20T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - daysInMs(n));
const L = 10_000_000n; // ₹1 lakh in paise

const base: ClientFacts = {
  createdAt: NOW,
  kycApproved: false,
  cashPaise: 0n,
  loansOwedPaise: 0n,
  depositsConfirmed: 0,
  claimsRejected: 0,
  holdings: [],
  fills: [],
  filledOrdersByType: {},
  ipoBids: 0,
  loansClosed: 0,
  instalments: { due: 0, onTime: 0, late: 0 },
  staffPoints: 0,
};

/** Signed up today: nothing verified, deposited or traded. */
export const newClient: ClientFacts = { ...base };

const fill = (
  symbol: string,
  side: 'buy' | 'sell',
  value: bigint,
  ago: number,
  realised = 0n,
): FillFact => ({
  symbol,
  side,
  quantity: 10,
  valuePaise: value,
  chargesPaise: value / 1000n,
  realisedPaise: realised,
  executedAt: daysAgo(ago),
});

const holding = (symbol: string, sector: string, value: bigint, invested: bigint): HoldingFact => ({
  symbol,
  sector,
  quantity: 10,
  valuePaise: value,
  investedPaise: invested,
});

/** Two years in, five sectors held evenly, limit orders, a loss cut early, repaid on time. */
export const diversifiedLongTerm: ClientFacts = {
  ...base,
  createdAt: daysAgo(730),
  kycApproved: true,
  cashPaise: 20n * L,
  depositsConfirmed: 4,
  holdings: [
    holding('TCS', 'Information Technology', 12n * L, 10n * L),
    holding('HDFCBANK', 'Financial Services', 11n * L, 10n * L),
    holding('ITC', 'Fast Moving Consumer Goods', 10n * L, 10n * L),
    holding('SUNPHARMA', 'Healthcare', 11n * L, 10n * L),
    holding('LT', 'Construction', 12n * L, 10n * L),
  ],
  fills: [
    fill('TCS', 'buy', 10n * L, 700),
    fill('HDFCBANK', 'buy', 10n * L, 650),
    fill('ITC', 'buy', 10n * L, 600),
    fill('SUNPHARMA', 'buy', 10n * L, 500),
    fill('LT', 'buy', 10n * L, 400),
    fill('WIPRO', 'buy', 5n * L, 300),
    fill('WIPRO', 'sell', (47n * L) / 10n, 60, (-3n * L) / 10n),
    fill('TCS', 'buy', L, 30),
  ],
  filledOrdersByType: { limit: 6, market: 1, sl: 1 },
  ipoBids: 1,
  loansClosed: 1,
  instalments: { due: 6, onTime: 6, late: 0 },
};

/** One sector, forty trades a month, market orders only, losses left to run. */
export const concentratedDayTrader: ClientFacts = {
  ...base,
  createdAt: daysAgo(120),
  kycApproved: true,
  cashPaise: L,
  depositsConfirmed: 2,
  holdings: [
    holding('INFY', 'Information Technology', 6n * L, 8n * L),
    holding('TCS', 'Information Technology', 2n * L, 2n * L),
  ],
  fills: Array.from({ length: 40 }, (_, i) =>
    fill('INFY', i % 2 ? 'sell' : 'buy', 2n * L, i % 30, i % 2 ? (-3n * L) / 10n : 0n),
  ),
  filledOrdersByType: { market: 40 },
};

/** A year in, a loan repaid but two instalments late, one deposit claim rejected. */
export const lateRepayer: ClientFacts = {
  ...base,
  createdAt: daysAgo(400),
  kycApproved: true,
  cashPaise: 2n * L,
  depositsConfirmed: 2,
  claimsRejected: 1,
  loansClosed: 1,
  instalments: { due: 6, onTime: 4, late: 2 },
};

/** Daily closes rising `drift` a day with a ±`swing` zig-zag, ending today. */
export function closes(days: number, start: number, swing: number, drift = 0): DailyClose[] {
  return Array.from({ length: days }, (_, i) => ({
    time: Math.floor(daysAgo(days - 1 - i).getTime() / 1000),
    close: start * (1 + drift) ** i * (i % 2 ? 1 + swing : 1 - swing),
  }));
}
