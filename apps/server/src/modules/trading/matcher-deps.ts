import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
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
  /** Where a stop's trigger is announced (ORDER_CHANGED_CHANNEL). */
  events?: Pick<Bus, 'publish'> | undefined;
  log?: (message: string, error?: unknown) => void;
};
