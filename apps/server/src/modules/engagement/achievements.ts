/**
 * The achievements catalogue (issue 18): each is earned when its progress reaches its target;
 * locked ones show how far the client is. Granting is in service.ts (once, by primary key).
 */
import type { TAchievementCode } from '@sampada/shared';
import type { ClientFacts } from './facts.ts';
import { daysInMs } from '@sampada/shared';

type Entry = {
  code: TAchievementCode;
  title: string;
  description: string;
  target: number;
  progress: (facts: ClientFacts, context: { now: Date; vip: number }) => number;
};

export const distinctSectors = (facts: Pick<ClientFacts, 'holdings'>) =>
  new Set(facts.holdings.filter((h) => h.quantity > 0 && h.sector).map((h) => h.sector)).size;

const filledTrades = (facts: ClientFacts) => facts.fills.length;

export const ACHIEVEMENTS: readonly Entry[] = [
  {
    code: 'kyc_verified',
    title: 'Verified',
    description: 'Your KYC was approved.',
    target: 1,
    progress: (f) => (f.kycApproved ? 1 : 0),
  },
  {
    code: 'first_deposit',
    title: 'First deposit',
    description: 'A deposit of yours was confirmed.',
    target: 1,
    progress: (f) => f.depositsConfirmed,
  },
  {
    code: 'first_trade',
    title: 'First trade',
    description: 'An order of yours was filled.',
    target: 1,
    progress: filledTrades,
  },
  {
    code: 'first_ipo_bid',
    title: 'First IPO bid',
    description: 'You bid in an IPO.',
    target: 1,
    progress: (f) => f.ipoBids,
  },
  {
    code: 'ten_trades',
    title: '10 trades',
    description: 'Ten of your trades were filled.',
    target: 10,
    progress: filledTrades,
  },
  {
    code: 'five_sectors',
    title: 'Five sectors',
    description: 'You hold shares in five different sectors at once.',
    target: 5,
    progress: distinctSectors,
  },
  {
    code: 'loan_repaid',
    title: 'Loan repaid',
    description: 'You repaid a loan in full.',
    target: 1,
    progress: (f) => f.loansClosed,
  },
  {
    code: 'vip_one',
    title: 'VIP',
    description: 'Your 30-day average assets reached VIP 1.',
    target: 1,
    progress: (_f, c) => Math.min(1, c.vip),
  },
  {
    code: 'one_year',
    title: 'One year with us',
    description: 'A year since you joined the firm.',
    target: 365,
    progress: (f, c) => Math.floor((c.now.getTime() - f.createdAt.getTime()) / daysInMs(1)),
  },
];

/** Each achievement's progress (capped at its target) and whether it is earned now. */
export function progressOf(facts: ClientFacts, context: { now: Date; vip: number }) {
  return ACHIEVEMENTS.map((a) => {
    const progress = Math.max(0, Math.min(a.target, a.progress(facts, context)));
    return { ...a, progress, reached: progress >= a.target };
  });
}
