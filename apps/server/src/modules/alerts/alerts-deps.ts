/** What the price-alert use cases are built on. */
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Market } from '../market/service.ts';

export type AlertsDeps = {
  db: Db;
  clock: Clock;
  market: Market;
  bus: Bus;
  log?: (message: string, error?: unknown) => void;
};

/** Where fired alerts travel between instances: `{ clientId, alert }` as JSON. */
export const FIRED_CHANNEL = 'alerts:fired';
