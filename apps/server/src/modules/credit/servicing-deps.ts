/** What the servicing use cases (accrual, repayment, collection) are given, and their shared words. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import { addDays, istDay } from './interest.ts';
import type { Loans } from './loans.ts';
import type { ClientNotice } from './margin-call-deps.ts';

export type ServicingDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  loans: Loans;
  events?: TransitionEvents | undefined;
  /** E-mail to a client about their loan (a rate reset), in the change's transaction. */
  notify?: ClientNotice | undefined;
};

/** Who paid: the client, the accrual job's auto-debit on a due date, or a pledge sale. */
export type RepaymentSource = 'client' | 'auto_debit' | 'pledge_sale';

/** How a repayment that brings the loan to zero closes it (the no-dues letter says which). */
export type Closing = {
  action: 'close' | 'foreclose' | 'exit_cooling_off';
  closedBy: 'repaid' | 'foreclosed' | 'cooling_off';
  message: string;
};

export type AccrualResult = { days: number; postings: number; interest: bigint };

/** The day before today in India, by the servicing clock: what accrual runs through. */
export const yesterdayOf = (deps: Pick<ServicingDeps, 'clock'>) =>
  addDays(istDay(deps.clock.now()), -1);
