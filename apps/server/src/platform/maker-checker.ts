/**
 * Two-officer approval (maker-checker), one rule for every staff decision that moves clients'
 * money or holdings: loans and compensation claims (two above a threshold), and corporate
 * actions entered in the console (always two: the proposer and a different approver).
 *
 * - Who may decide: the product's `…Decide` entry in ROLE_ACCESS (admin always may), the same
 *   entry the console guard checks, so the CLI's `--as` and the console cannot disagree.
 * - When two officers are needed: the amount is above the product's threshold setting (loans:
 *   the credit products' `approval_threshold_paise`; claims: compensation settings'
 *   `approval_threshold_paise`). At or below it, one officer decides alone.
 * - The second approval must come from a different officer than the first; the UPDATE that
 *   records it says so too (`secondOfficerWhere`), so two racing approvals cannot both count.
 */
import { mayAccess, type TConsoleArea, type TStaffRole } from '@sampada/shared';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { conflict, forbidden } from './errors.ts';

export type TDecisionArea = Extract<TConsoleArea, `${string}Decide`>;

/** How many officers an amount needs: two above the threshold, else one. */
export const approvalsFor = (amountPaise: bigint, thresholdPaise: bigint): 1 | 2 =>
  amountPaise > thresholdPaise ? 2 : 1;

/** A staff member who may decide in `area`, or 403 with the product's message. */
export function assertDecider(
  member: { active: boolean; roles: readonly string[] } | null | undefined,
  area: TDecisionArea,
  message: string,
): asserts member is { active: boolean; roles: readonly string[] } {
  if (!member || !member.active || !mayAccess(member.roles as TStaffRole[], area))
    throw forbidden(message);
}

/**
 * What this officer's approval does to a row awaiting decision: decides it alone, records the
 * first of two, or completes the second. The first officer approving again is a 409.
 */
export function approvalStep(
  row: { approvalsRequired: number; firstApprovedBy: string | null },
  staffId: string,
  sameOfficerMessage: string,
): 'alone' | 'first' | 'second' {
  if (row.firstApprovedBy === staffId) throw conflict(sameOfficerMessage);
  if (row.firstApprovedBy !== null) return 'second';
  return row.approvalsRequired === 2 ? 'first' : 'alone';
}

/** The guard of the completing UPDATE: a first approval exists and was someone else's. */
export const secondOfficerWhere = (firstApprovedBy: AnyColumn, staffId: string): SQL =>
  sql`${firstApprovedBy} is not null and ${firstApprovedBy} <> ${staffId}`;
