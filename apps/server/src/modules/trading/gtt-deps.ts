/** What the GTT use cases work with (gtts.ts wires them). */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { Market } from '../market/service.ts';
import type { NameOf } from './orders.ts';
import type { Placement } from './placement.ts';

export type GttDeps = {
  db: Db;
  clock: Clock;
  clients: ClientService;
  market: Market;
  placement: Placement;
  nameOf: NameOf;
  events?: TransitionEvents | undefined;
  log?: (message: string, error?: unknown) => void;
};
