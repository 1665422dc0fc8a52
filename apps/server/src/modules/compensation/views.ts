/** How claims read on the wire: paise as numbers, dates as ISO strings, age against 21 days. */
import {
  OPEN_CLAIM_STATUSES,
  paiseNumber,
  type TClaimStatus,
  type TClaimView,
  type TCompensationCategory,
  type TRelatedKind,
  addIstDays,
  daysInMs,
} from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import type { ClaimRow } from './lifecycle.ts';

export const isOpen = (status: string) =>
  (OPEN_CLAIM_STATUSES as readonly string[]).includes(status);

export function claimView(row: ClaimRow, now: Date): TClaimView {
  const status = row.status as TClaimStatus;
  const approvals =
    status === 'approved' || status === 'partly_approved' || status === 'paid'
      ? row.approvalsRequired
      : row.firstApprovedBy
        ? 1
        : 0;
  return {
    id: row.id,
    reference: row.reference,
    category: row.category as TCompensationCategory,
    status,
    amount_claimed_paise: paiseNumber(row.amountClaimedPaise),
    amount_approved_paise:
      row.amountApprovedPaise === null ? null : paiseNumber(row.amountApprovedPaise),
    description: row.description,
    related:
      row.relatedKind && row.relatedId
        ? {
            kind: row.relatedKind as TRelatedKind,
            id: row.relatedId,
            label: row.relatedLabel ?? row.relatedKind,
          }
        : null,
    decision_due: row.decisionDue,
    overdue: isOpen(status) && istDateOf(now) > row.decisionDue,
    reason: row.reason,
    approvals,
    approvals_required: row.approvalsRequired,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** Whole days since the claim was submitted. */
export const ageDays = (row: ClaimRow, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / daysInMs(1)));

/** The due date: `days` after the IST day of submission. */
export function dueDate(submitted: Date, days: number) {
  return addIstDays(istDateOf(submitted), days);
}
