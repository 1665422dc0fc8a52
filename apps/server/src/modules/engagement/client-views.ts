/** A client's standing as the app shows it: VIP level, trust score, achievements. */
import { desc, eq } from 'drizzle-orm';
import {
  type TAchievement,
  type TScore,
  type TScorePart,
  type TVip,
  VIP_AVERAGE_DAYS,
} from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import { progressOf } from './achievements.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { recompute } from './recompute.ts';
import { factsOf, snapshotsOf, statusOf, tiersOf } from './standing-reads.ts';
import { achievementsEarned, scoreHistory } from './tables.ts';

/** The client's status row, computed first if the client was never computed. */
const computedStatusOf = async (deps: EngagementDeps, clientId: string) =>
  (await statusOf(deps.db, clientId)) ??
  (await recompute(deps, clientId), await statusOf(deps.db, clientId))!;

export async function vipOf(deps: EngagementDeps, clientId: string): Promise<TVip> {
  // The snapshots before the status: a computation stores both in one transaction, so the
  // status read after them is at least as new, and the average shown never lags the day's
  // assets shown beside it (read the other way, a computation committing between the two
  // reads showed today's assets beside the average from before them).
  const seen = await snapshotsOf(deps, clientId, deps.db);
  const stored = await statusOf(deps.db, clientId);
  const status = stored ?? (await computedStatusOf(deps, clientId));
  const snapshots = stored ? seen : await snapshotsOf(deps, clientId, deps.db);
  const all = await tiersOf(deps.db);
  const tier = all.find((t) => t.level === status.vip) ?? all[0]!;
  const next = all.find((t) => t.level === status.vip + 1);
  const today = istDateOf(deps.clock.now());
  return {
    level: status.vip,
    average_assets_paise: Number(status.averageAssetsPaise),
    current_assets_paise: Number(snapshots.find((s) => s.day === today)?.assetsPaise ?? 0n),
    next_level_paise: next ? next.min_assets_paise : null,
    tier,
    tiers: all,
    days: snapshots
      .slice(-VIP_AVERAGE_DAYS)
      .map((s) => ({ day: s.day, assets_paise: Number(s.assetsPaise) })),
  };
}

export async function scoreView(deps: EngagementDeps, clientId: string): Promise<TScore> {
  const status = await computedStatusOf(deps, clientId);
  const history = await deps.db
    .select()
    .from(scoreHistory)
    .where(eq(scoreHistory.clientId, clientId))
    .orderBy(desc(scoreHistory.id))
    .limit(50);
  return {
    score: status.score,
    parts: status.parts as TScorePart[],
    history: history.map((h) => ({ score: h.score, reason: h.reason, at: h.at.toISOString() })),
    computed_at: status.computedAt.toISOString(),
  };
}

export async function achievementsOf(
  deps: EngagementDeps,
  clientId: string,
): Promise<TAchievement[]> {
  const [facts, earned, status] = await Promise.all([
    factsOf(deps, clientId),
    deps.db.select().from(achievementsEarned).where(eq(achievementsEarned.clientId, clientId)),
    statusOf(deps.db, clientId),
  ]);
  const at = new Map(earned.map((e) => [e.code, e.earnedAt]));
  return progressOf(facts, { now: deps.clock.now(), vip: status?.vip ?? 0 }).map((a) => ({
    code: a.code,
    title: a.title,
    description: a.description,
    earned_at: at.get(a.code)?.toISOString() ?? null,
    // An earned one stays earned (sold shares do not take "five sectors" back).
    progress: at.has(a.code) ? a.target : a.progress,
    target: a.target,
  }));
}
