import type { TDepositMethod } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UploadService } from '../uploads/service.ts';
import type { FundsAccess } from './access.ts';
import type { FundsPeople } from './people.ts';
import type { deposits } from './tables.ts';

export type DepositRow = typeof deposits.$inferSelect;

export type DepositInput = {
  amount: bigint;
  method: TDepositMethod;
  utr: string;
  receipt_url?: string | undefined;
};

export type DepositDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  uploads: UploadService;
  access: FundsAccess;
  events?: TransitionEvents | undefined;
  people: FundsPeople;
};
