/** One computation of a client's standing: the one writer of engagement's tables. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { istDateOf } from '../../platform/ist.ts';
import { progressOf } from './achievements.ts';
import type { ComputeResult, StandingDeps } from './engagement-deps.ts';
import type { ClientFacts } from './facts.ts';
import { ACHIEVEMENT_CHANNEL } from './recompute-policy.ts';
import { scoreOf, scoreParts } from './score.ts';
import { factsOf, storeSnapshot } from './standing-reads.ts';
import { achievementsEarned, engagementDue, engagementStatus, scoreHistory } from './tables.ts';
import { averageAssets, tierFor, totalAssets } from './vip.ts';

type Computed = { facts: ClientFacts; assets: bigint; now: Date };

async function storeStanding(
  deps: StandingDeps,
  clientId: string,
  reason: string,
  { facts, assets, now }: Computed,
): Promise<ComputeResult> {
  const today = istDateOf(now);
  const parts = scoreParts(facts, now);
  const score = scoreOf(parts);
  return deps.db.transaction(async (tx) => {
    // The client's status row, locked (inserted first if new): two servers recomputing one
    // client take turns. The no-op update is what makes the upsert lock and answer an
    // existing row, in one statement instead of an insert and a SELECT … FOR UPDATE.
    const [before] = await tx
      .insert(engagementStatus)
      .values({ clientId, vip: 0, averageAssetsPaise: 0n, score: 0, parts: [], computedAt: now })
      .onConflictDoUpdate({
        target: engagementStatus.clientId,
        set: { clientId: sql`excluded.client_id` },
      })
      .returning({ score: engagementStatus.score, parts: engagementStatus.parts });
    const { snapshots, tiers } = await storeSnapshot(deps, tx, clientId, { today, assets, now });
    const average = averageAssets(snapshots, today);
    const tier = tierFor(tiers, average);
    await tx
      .update(engagementStatus)
      .set({ vip: tier.level, averageAssetsPaise: average, score, parts, computedAt: now })
      .where(eq(engagementStatus.clientId, clientId));
    const changed = before!.score !== score || (before!.parts as unknown[]).length === 0;
    if (changed) await tx.insert(scoreHistory).values({ clientId, score, reason, at: now });
    const reached = progressOf(facts, { now, vip: tier.level }).filter((a) => a.reached);
    const granted = reached.length
      ? await tx
          .insert(achievementsEarned)
          .values(reached.map((a) => ({ clientId, code: a.code, earnedAt: now })))
          .onConflictDoNothing()
          .returning({ code: achievementsEarned.code })
      : [];
    return { vip: tier.level, score, granted: granted.map((g) => g.code) };
  });
}

async function computeNow(deps: StandingDeps, clientId: string, reason: string) {
  const now = deps.clock.now();
  const facts = await factsOf(deps, clientId);
  const assets = totalAssets({
    cash: facts.cashPaise,
    holdings: facts.holdings.reduce((s, h) => s + h.valuePaise, 0n),
    loans: facts.loansOwedPaise,
  });
  const result = await storeStanding(deps, clientId, reason, { facts, assets, now });
  await deps.ports.store(clientId, { vip: result.vip, score: result.score });
  if (result.granted.length)
    deps.bus?.publish(ACHIEVEMENT_CHANNEL, JSON.stringify({ clientId, codes: result.granted }));
  return result;
}

/** The client's stale mark as a computation about to read the facts finds it (its `asks`). */
async function dueMark(db: Db, clientId: string) {
  const [row] = await db
    .select({ asks: engagementDue.asks })
    .from(engagementDue)
    .where(eq(engagementDue.clientId, clientId));
  return row?.asks ?? null;
}

/**
 * A computation, and then the client's stale mark cleared if no event touched it since the
 * computation began: an event committed before that is in the facts it read; one after has
 * bumped `asks`, so its mark stays for the computation its own event asks for.
 */
export async function computeAndClear(deps: StandingDeps, clientId: string, reason: string) {
  const seen = await dueMark(deps.db, clientId);
  const result = await computeNow(deps, clientId, reason);
  if (seen !== null)
    await deps.db
      .delete(engagementDue)
      .where(and(eq(engagementDue.clientId, clientId), eq(engagementDue.asks, seen)));
  return result;
}
