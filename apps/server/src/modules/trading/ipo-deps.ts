/** What the IPO use cases work with (ipos.ts wires them). */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Market } from '../market/service.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution } from './execution.ts';

export type IpoDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  execution: Execution;
  charges: ChargeSchedule;
  events?: TransitionEvents | undefined;
};
