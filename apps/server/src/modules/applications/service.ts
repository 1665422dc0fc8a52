/**
 * One list of everything a client has applied for (issue 17, `/me/application`): KYC, loans,
 * compensation claims, bonus claims, deposits and withdrawals, newest first, each with its
 * timeline and the decision's reason. Gathered only through each module's service port: this
 * module owns no table and reads none.
 */
import {
  APPLICATION_KIND_LABELS,
  CLAIM_STATUS_LABELS,
  COMPENSATION_CATEGORY_LABELS,
  formatPaise,
  LOAN_STATUS_LABELS,
  type TApplication,
  type TApplicationKind,
  type TApplicationStep,
  type TClaimEvent,
  type TClaimView,
  type TDepositView,
  type TLoanDetail,
  type TOfferClaim,
  type TWithdrawalView,
} from '@sampada/shared';

type KycRow = {
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

const OPEN: Record<TApplicationKind, readonly string[]> = {
  kyc: ['pending'],
  loan: ['applied', 'approved', 'disbursed'],
  compensation: ['submitted', 'under_review', 'info_requested', 'approved', 'partly_approved'],
  bonus: [],
  deposit: ['pending'],
  withdrawal: ['pending'],
};

const KYC_LABELS: Record<string, string> = {
  pending: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
  reopened: 'Reopened',
};
const FUNDS_LABELS: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  paid: 'Paid',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

const step = (at: string | Date | null, label: string): TApplicationStep[] =>
  at ? [{ at: typeof at === 'string' ? at : at.toISOString(), label }] : [];

function item(
  kind: TApplicationKind,
  fields: Omit<TApplication, 'kind' | 'open' | 'updated_at'> & { updated_at?: string },
): TApplication {
  const last = fields.timeline[fields.timeline.length - 1]?.at ?? fields.created_at;
  return {
    kind,
    ...fields,
    open: OPEN[kind].includes(fields.status),
    updated_at: fields.updated_at ?? last,
  };
}

const decided = (status: string, label: string, at: string | null) =>
  status === 'pending' ? [] : step(at, label);

export function createApplicationService(sources: ApplicationSources) {
  return {
    async listFor(
      clientId: string,
      filter: { kind?: TApplicationKind | undefined; status?: string | undefined },
    ): Promise<TApplication[]> {
      const wanted = (kind: TApplicationKind) => !filter.kind || filter.kind === kind;
      const none = async () => [];
      const [kyc, loans, claims, bonuses, deposits, withdrawals] = await Promise.all([
        wanted('kyc') ? sources.kyc(clientId) : none(),
        wanted('loan') ? sources.loans(clientId) : none(),
        wanted('compensation') ? sources.claims(clientId) : none(),
        wanted('bonus') ? sources.bonuses(clientId) : none(),
        wanted('deposit') ? sources.deposits(clientId) : none(),
        wanted('withdrawal') ? sources.withdrawals(clientId) : none(),
      ]);
      const items: TApplication[] = [
        ...kyc.map((k) =>
          item('kyc', {
            id: k.id,
            title: 'Identity verification (KYC)',
            reference: null,
            amount_paise: null,
            status: k.status,
            status_label: KYC_LABELS[k.status] ?? k.status,
            reason: k.reason,
            created_at: k.submittedAt.toISOString(),
            timeline: [
              ...step(k.submittedAt, 'Submitted'),
              ...step(k.checkedAt, KYC_LABELS[k.status] ?? k.status),
            ],
          }),
        ),
        ...loans.map((l) =>
          item('loan', {
            id: l.id,
            title: l.product.name,
            reference: null,
            amount_paise: l.amount_paise,
            status: l.status,
            status_label: LOAN_STATUS_LABELS[l.status],
            reason: l.reason,
            created_at: l.created_at,
            timeline: l.events.map((e) => ({ at: e.at, label: e.message })),
          }),
        ),
        ...claims.map(({ view, events }) =>
          item('compensation', {
            id: view.id,
            title: `Compensation: ${COMPENSATION_CATEGORY_LABELS[view.category]}`,
            reference: view.reference,
            amount_paise: view.amount_approved_paise ?? view.amount_claimed_paise,
            status: view.status,
            status_label: CLAIM_STATUS_LABELS[view.status],
            reason: view.reason,
            created_at: view.created_at,
            updated_at: view.updated_at,
            timeline: events.map((e) => ({ at: e.at, label: e.message })),
          }),
        ),
        ...bonuses.map((b) =>
          item('bonus', {
            id: b.id,
            title: `Bonus: ${b.offer_title}`,
            reference: null,
            amount_paise: b.amount_paise,
            status: b.status,
            status_label: 'Credited',
            reason: null,
            created_at: b.claimed_at,
            timeline: step(
              b.claimed_at,
              `Claimed; ${formatPaise(b.amount_paise)} credited to cash`,
            ),
          }),
        ),
        ...deposits.map((d) =>
          item('deposit', {
            id: d.id,
            title: `Deposit by ${d.method}`,
            reference: d.utr,
            amount_paise: d.amount_paise,
            status: d.status,
            status_label: FUNDS_LABELS[d.status] ?? d.status,
            reason: d.reason,
            created_at: d.created_at,
            timeline: [
              ...step(d.created_at, 'Requested'),
              ...decided(d.status, FUNDS_LABELS[d.status] ?? d.status, d.decided_at),
            ],
          }),
        ),
        ...withdrawals.map((w) =>
          item('withdrawal', {
            id: w.id,
            title: `Withdrawal to ${w.bank_card.bank_name} ••${w.bank_card.account_last4}`,
            reference: w.bank_reference,
            amount_paise: w.amount_paise,
            status: w.status,
            status_label: FUNDS_LABELS[w.status] ?? w.status,
            reason: w.reason,
            created_at: w.created_at,
            timeline: [
              ...step(w.created_at, 'Requested'),
              ...decided(w.status, FUNDS_LABELS[w.status] ?? w.status, w.decided_at),
            ],
          }),
        ),
      ];
      const status = filter.status;
      return items
        .filter(
          (a) =>
            !status ||
            (status === 'open' ? a.open : status === 'closed' ? !a.open : a.status === status),
        )
        .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    },
    kindLabel: (kind: TApplicationKind) => APPLICATION_KIND_LABELS[kind],
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
