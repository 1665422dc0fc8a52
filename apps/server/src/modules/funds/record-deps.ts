import type { Db } from '../../db/client.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { DepositService } from './deposits.ts';
import type { WithdrawalService } from './withdrawals.ts';

/**
 * What a client's holdings cost and are worth, for the assets summary. The trading module
 * implements it; the composition root (context.ts) hands it over when it builds funds.
 */
export type HoldingsValuer = (
  clientId: string,
) => Promise<{ investedPaise: bigint; currentPaise: bigint; unrealisedPaise: bigint }>;

/**
 * What a client owes on their active loans (principal, interest accrued, fees due), for the
 * assets summary. The credit module implements it; context.ts hands it over.
 */
export type LoanBalance = (clientId: string) => Promise<bigint>;

export type RecordDeps = {
  db: Db;
  ledger: LedgerService;
  clients: ClientService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  holdings: HoldingsValuer;
  loans: LoanBalance;
};
