/** What the claim use cases are given: the store, the clock and the services they call. */
import type { TClaimStatus, TRelatedKind } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { UploadService } from '../uploads/service.ts';

/**
 * Whether a client's order, deposit or withdrawal exists and is theirs: its label for the
 * claim ("Order BUY 10 INFY", "Deposit ₹5,000.00"), or null. Wired in context.ts from the
 * trading and funds services, so this module reads none of their tables.
 */
export type RelatedRecords = (
  clientId: string,
  kind: TRelatedKind,
  id: string,
) => Promise<string | null>;

export type ClaimDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  staff: StaffService;
  uploads: UploadService;
  related: RelatedRecords;
  events?: TransitionEvents | undefined;
};

export type DecideOptions = { staffId: string; actor: Actor; transaction?: TransactionRunner };
/** A decision's options, with the base of the evidence links the console's answer carries. */
export type DecideWith = DecideOptions & { baseUrl?: string | null };

/** The statuses an officer may decide from. */
export const DECIDABLE: TClaimStatus[] = ['submitted', 'under_review'];

export const staffEvent = (message: string) => ({ by: 'staff' as const, message });
