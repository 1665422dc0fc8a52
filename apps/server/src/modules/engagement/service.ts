/**
 * Engagement (issue 18, docs/api-engagement.md, decision 019): VIP levels, the trust score,
 * achievements and the client radar, computed from what the other modules record. It reads
 * them through ports (facts.ts) that context.ts wires, so no module imports this one: trading
 * asks for a client's brokerage discount and funds for a daily withdrawal limit through
 * functions the composition root hands them.
 *
 * `recompute(clientId)` is the one writer: today's closing assets, the 30-day average and the
 * level, the score and its parts, achievements newly reached (once each, by primary key),
 * then `clients.vip`/`clients.score` so `client_info` stays one row read. It runs on the
 * events that change its inputs (deposits, withdrawals, fills, KYC, loans, IPO bids) and on
 * the leader's nightly pass for what time alone changes (account age, the 30-day window).
 * It is a background projection (decision 019, addendum): a client's events that arrive
 * before their computation starts share it, and the clients waiting are computed together, each
 * read and write one statement for all of them (decision 076), so a burst of money events makes
 * the standing lag a moment instead of crowding out the money requests.
 */
import type { TConsoleEngagement, TScore, TVipTier } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { createCoalescingQueue } from '../../platform/coalescing-queue.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { radarOfClient } from './client-radar.ts';
import { achievementsOf, scoreView, vipOf } from './client-views.ts';
import { computeAndClear } from './compute-standing.ts';
import type { EngagementDeps, StandingDeps } from './engagement-deps.ts';
import type { EngagementPorts } from './facts.ts';
import { listenForEvents } from './listen-for-events.ts';
import { startNightlyPass } from './nightly-pass.ts';
import {
  mergedReason,
  RECOMPUTE_CONCURRENCY,
  RECOMPUTE_GATHER_MS,
  RECOMPUTE_MANY_MAX,
} from './recompute-policy.ts';
import { recompute, recomputeAll, sweep } from './recompute.ts';
import { adjustScore, consoleView } from './staff-views.ts';
import { tiersOf } from './standing-reads.ts';
import { dailyWithdrawalLimit, saveTiers } from './tiers.ts';

export {
  ACHIEVEMENT_CHANNEL,
  engagementDueSql,
  mergedReason,
  reasonOf,
  RECOMPUTE_CONCURRENCY,
  RECOMPUTE_GATHER_MS,
} from './recompute-policy.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ports: EngagementPorts;
  bus?: Pick<Bus, 'publish' | 'subscribe'> | undefined;
  log?: (message: string, error: unknown) => void;
  /** True while the server's own requests need the database's connections. */
  busy?: () => boolean;
};

export function createEngagementService(options: Deps) {
  const { db, clock, ports, bus } = options;
  const log = options.log ?? (() => {});
  const standing: StandingDeps = { db, clock, ports, bus, log };
  /**
   * The computations, per client and bounded (platform/coalescing-queue.ts): a client's
   * computations never overlap on this instance (the status row's lock covers instances),
   * events arriving before theirs starts share it, and a failure is logged here once.
   */
  const computations = createCoalescingQueue({
    concurrency: RECOMPUTE_CONCURRENCY,
    gatherMs: RECOMPUTE_GATHER_MS,
    run: async (clientId, reasons) => {
      const result = (
        await computeAndClear(standing, new Map([[clientId, mergedReason(reasons)]]))
      ).get(clientId);
      if (!result) throw notFound('Client not found.');
      return result;
    },
    // The clients whose events are waiting when a slot frees up are computed together.
    runMany: (batches) =>
      computeAndClear(standing, new Map(batches.map((b) => [b.key, mergedReason(b.notes)]))),
    manyMax: RECOMPUTE_MANY_MAX,
    // Events' computations wait while the money requests need the pool (decision 019, add. 2).
    busy: options.busy,
    onError: (clientId, error) => log(`engagement recompute of ${clientId} failed`, error),
  });
  const deps: EngagementDeps = { ...standing, computations };

  return {
    recompute: (clientId: string, reason?: string, opts: { background?: boolean } = {}) =>
      recompute(deps, clientId, reason, opts),
    recomputeAll: (reason: string) => recomputeAll(deps, reason),
    sweep: (all = false) => sweep(deps, all),
    /** How the computations queue is doing (tests, diagnosis): running, waiting, started. */
    computationStats: () => computations.stats(),
    tiers: (executor: Executor = db): Promise<TVipTier[]> => tiersOf(executor),
    vip: (clientId: string) => vipOf(deps, clientId),
    score: (clientId: string) => scoreView(deps, clientId),
    achievements: (clientId: string) => achievementsOf(deps, clientId),
    radar: (clientId: string) => radarOfClient(deps, clientId),
    dailyWithdrawalLimit: (clientId: string, executor: Executor = db) =>
      dailyWithdrawalLimit(executor, clientId),
    saveTiers: (input: TVipTier[], actor: Actor) => saveTiers(deps, input, actor),
    adjustScore: (
      viewer: Viewer,
      clientId: string,
      input: { points: number; reason: string },
      actor: Actor & { type: 'staff' },
    ): Promise<TScore> => adjustScore(deps, viewer, clientId, input, actor),
    consoleView: (
      viewer: Viewer,
      clientId: string,
      staffNames: (ids: string[]) => Promise<Map<string, string>>,
    ): Promise<TConsoleEngagement> => consoleView(deps, viewer, clientId, staffNames),
    listen: (): (() => void) => listenForEvents(deps),
    startJobs: (everyMs: number) => startNightlyPass(deps, everyMs),
  };
}
export type EngagementService = ReturnType<typeof createEngagementService>;
