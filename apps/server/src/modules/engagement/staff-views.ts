/** What staff do with a client's standing: adjust the score, see it all in the console. */
import { desc, eq } from 'drizzle-orm';
import type { TConsoleEngagement, TScore } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { assertActsFor, assertSees, type Viewer } from '../../platform/viewer.ts';
import { radarOfClient } from './client-radar.ts';
import { achievementsOf, scoreView, vipOf } from './client-views.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { recompute } from './recompute.ts';
import { scoreAdjustments } from './tables.ts';

/** A staff adjustment of the score: a part with its reason, audited; the score follows. */
export async function adjustScore(
  deps: EngagementDeps,
  viewer: Viewer,
  clientId: string,
  input: { points: number; reason: string },
  actor: Actor & { type: 'staff' },
): Promise<TScore> {
  assertActsFor(viewer, await deps.ports.advisorOf(clientId));
  await deps.db.transaction(async (tx) => {
    await tx.insert(scoreAdjustments).values({
      clientId,
      points: input.points,
      reason: input.reason,
      staffId: actor.id,
      at: deps.clock.now(),
    });
    await recordAudit(tx, actor, {
      action: 'engagement.score.adjust',
      subjectType: 'client',
      subjectId: clientId,
      after: { points: input.points, reason: input.reason },
    });
  });
  await recompute(
    deps,
    clientId,
    `Staff adjustment ${input.points > 0 ? '+' : ''}${input.points}: ${input.reason}`,
  );
  return scoreView(deps, clientId);
}

/** The console's view of one client. */
export async function consoleView(
  deps: EngagementDeps,
  viewer: Viewer,
  clientId: string,
  staffNames: (ids: string[]) => Promise<Map<string, string>>,
): Promise<TConsoleEngagement> {
  assertSees(viewer, await deps.ports.advisorOf(clientId));
  const [vip, score, achievements, radar, adjustments] = await Promise.all([
    vipOf(deps, clientId),
    scoreView(deps, clientId),
    achievementsOf(deps, clientId),
    radarOfClient(deps, clientId),
    deps.db
      .select()
      .from(scoreAdjustments)
      .where(eq(scoreAdjustments.clientId, clientId))
      .orderBy(desc(scoreAdjustments.id)),
  ]);
  const names = await staffNames([...new Set(adjustments.map((a) => a.staffId))]);
  return {
    vip,
    score,
    achievements,
    radar,
    adjustments: adjustments.map((a) => ({
      points: a.points,
      reason: a.reason,
      staff: names.get(a.staffId) ?? a.staffId,
      at: a.at.toISOString(),
    })),
  };
}
