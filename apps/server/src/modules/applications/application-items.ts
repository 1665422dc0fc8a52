/** Each module's record as one entry of the applications list: title, status label, timeline. */
import {
  CLAIM_STATUS_LABELS,
  COMPENSATION_CATEGORY_LABELS,
  formatPaise,
  LOAN_STATUS_LABELS,
  type TApplication,
  type TApplicationKind,
  type TApplicationStep,
} from '@sampada/shared';
import type { ApplicationSources } from './application-sources.ts';

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

type Sourced<K extends keyof ApplicationSources> = Awaited<
  ReturnType<ApplicationSources[K]>
>[number];

export const kycItem = (k: Sourced<'kyc'>) =>
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
  });

export const loanItem = (l: Sourced<'loans'>) =>
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
  });

export const claimItem = ({ view, events }: Sourced<'claims'>) =>
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
  });

export const bonusItem = (b: Sourced<'bonuses'>) =>
  item('bonus', {
    id: b.id,
    title: `Bonus: ${b.offer_title}`,
    reference: null,
    amount_paise: b.amount_paise,
    status: b.status,
    status_label: 'Credited',
    reason: null,
    created_at: b.claimed_at,
    timeline: step(b.claimed_at, `Claimed; ${formatPaise(b.amount_paise)} credited to cash`),
  });

export const depositItem = (d: Sourced<'deposits'>) =>
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
  });

export const withdrawalItem = (w: Sourced<'withdrawals'>) =>
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
  });

/** `open`, `closed` or one status; newest first. */
export const filteredNewestFirst = (items: TApplication[], status: string | undefined) =>
  items
    .filter(
      (a) =>
        !status ||
        (status === 'open' ? a.open : status === 'closed' ? !a.open : a.status === status),
    )
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
