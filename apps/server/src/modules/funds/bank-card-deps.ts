import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FundsAccess } from './access.ts';

export type BankCardDeps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  access: FundsAccess;
};

export type BankCardInput = {
  holder_name: string;
  account_number: string;
  ifsc: string;
  bank_name?: string | undefined;
  pin: string;
};
