import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FileStore } from '../../platform/storage.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';

/** The brokerage a client paid on fills in [from, to] (trading's port, wired in context.ts). */
export type BrokeragePaid = (clientId: string, from: Date, to: Date) => Promise<bigint>;

export type OfferDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  files: FileStore;
  brokerage: BrokeragePaid;
};
