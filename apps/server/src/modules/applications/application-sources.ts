/** What the applications page reads of the other modules (wired in context.ts). */
import type {
  TClaimEvent,
  TClaimView,
  TDepositView,
  TLoanDetail,
  TOfferClaim,
  TWithdrawalView,
} from '@sampada/shared';

export type KycRow = {
  id: string;
  status: string;
  reason: string | null;
  submittedAt: Date;
  checkedAt: Date | null;
};

/** What this module reads of the others (wired in context.ts from their services). */
export type ApplicationSources = {
  kyc: (clientId: string) => Promise<KycRow[]>;
  loans: (clientId: string) => Promise<TLoanDetail[]>;
  claims: (clientId: string) => Promise<{ view: TClaimView; events: TClaimEvent[] }[]>;
  bonuses: (clientId: string) => Promise<TOfferClaim[]>;
  deposits: (clientId: string) => Promise<TDepositView[]>;
  withdrawals: (clientId: string) => Promise<TWithdrawalView[]>;
};
