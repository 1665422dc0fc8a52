/** What the loan use cases are given: the store, the clock and the services they call. */
import type { TPledgeLine } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { Pledges } from '../trading/service.ts';
import { istDay } from './interest.ts';
import type { CreditProducts } from './products.ts';

export type LoanDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  staff: StaffService;
  pledges: Pledges;
  products: CreditProducts;
  /** Where loans' status changes are announced once committed. */
  events?: TransitionEvents | undefined;
};

export type QuoteInput = {
  product_id: string;
  amount_paise: bigint;
  tenure_months: number;
  pledges: TPledgeLine[];
};

export type DecideOptions = { staffId: string; actor: Actor; reason?: string | null };
export type DecideWith = DecideOptions & { transaction?: TransactionRunner };

/** The calendar day in India now, by the loans' clock. */
export const todayOf = (deps: Pick<LoanDeps, 'clock'>) => istDay(deps.clock.now());
