/** What the early-closure use cases (statement, foreclosure, no-dues letter) are given. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import { istDay } from './interest.ts';
import type { Loans } from './loans.ts';
import type { CreditProducts } from './products.ts';
import type { Servicing } from './servicing.ts';

export type ClosureDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  loans: Loans;
  servicing: Servicing;
  products: CreditProducts;
};

/** The calendar day in India now, by the closure's clock. */
export const closureToday = (deps: Pick<ClosureDeps, 'clock'>) => istDay(deps.clock.now());
