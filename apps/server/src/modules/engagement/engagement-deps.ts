import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CoalescingQueue } from '../../platform/coalescing-queue.ts';
import type { EngagementPorts } from './facts.ts';

/** What one computation of a client's standing answers. */
export type ComputeResult = { vip: number; score: number; granted: string[] };

/** What computing a standing needs: the database, the clock, the other modules' ports. */
export type StandingDeps = {
  db: Db;
  clock: Clock;
  ports: EngagementPorts;
  bus?: Pick<Bus, 'publish' | 'subscribe'> | undefined;
  log: (message: string, error: unknown) => void;
};

/** The use cases' dependencies: the above and the instance's queue of computations. */
export type EngagementDeps = StandingDeps & { computations: CoalescingQueue<ComputeResult> };
