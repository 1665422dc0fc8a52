/**
 * Compensation (issue 17, docs/api-applications.md): clients' claims for redress, decided by
 * operations within 21 days and paid through the ledger. Orders, deposits and withdrawals are
 * checked through the `related` port (trading and funds, wired in context.ts); images come
 * through the uploads service; clients and staff are read through their services.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { UploadService } from '../uploads/service.ts';
import { createClaims, type RelatedRecords } from './claims.ts';

export type { RelatedRecords } from './claims.ts';

export function createCompensationService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  staff: StaffService;
  uploads: UploadService;
  related: RelatedRecords;
  events?: TransitionEvents | undefined;
}) {
  return { claims: createClaims(deps) };
}
export type CompensationService = ReturnType<typeof createCompensationService>;
