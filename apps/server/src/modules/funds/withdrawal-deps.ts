import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { FundsAccess } from './access.ts';
import type { BankCardService } from './bank-cards.ts';
import type { FundsPeople } from './people.ts';
import type { withdrawals } from './tables.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export type WithdrawalInput = { amount: bigint; bank_card_id: string; pin: string };

/** The client's daily withdrawal limit in paise, or null for none. */
export type WithdrawalLimit = (clientId: string, executor: Tx) => Promise<bigint | null>;

export type WithdrawalDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  access: FundsAccess;
  bankCards: BankCardService;
  events?: TransitionEvents | undefined;
  people: FundsPeople;
  withdrawalLimit?: WithdrawalLimit | undefined;
};
