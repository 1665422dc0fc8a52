import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ListedEquity } from './listed-equity.ts';

/** What publishing and closing institutional allocations and OTC quotes use. */
export type OfferingDeps = {
  db: Db;
  clock: Clock;
  equity: ListedEquity;
  events?: TransitionEvents | undefined;
};
