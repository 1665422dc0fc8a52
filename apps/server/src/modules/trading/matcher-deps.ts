import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { Market } from '../market/service.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution } from './execution.ts';
import type { Ipos } from './ipos.ts';

export type MatcherDeps = {
  db: Db;
  clock: Clock;
  market: Market;
  clients: ClientService;
  execution: Execution;
  charges: ChargeSchedule;
  ipos: Ipos;
  /** GTTs: checked against the same prints before the orders, expired on the sweep. */
  gtts?: { check(symbols?: string[]): Promise<number>; expire(): Promise<number> };
  log?: (message: string, error?: unknown) => void;
};
