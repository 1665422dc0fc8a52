/** The VIP tiers: their limits as other modules' ports, and the admin's editor. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { TVipTier } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { recomputeAll } from './recompute.ts';
import { tiersOf } from './standing-reads.ts';
import { engagementStatus, vipTiers } from './tables.ts';

/**
 * The trading charge schedule's port: basis points off brokerage for each client's level (a
 * client with none is left out), for one fill or a batch of them in one round trip.
 */
export async function brokerageDiscountsBps(
  executor: Executor,
  clientIds: string[],
): Promise<Map<string, number>> {
  const rows = await executor
    .select({ clientId: engagementStatus.clientId, bps: vipTiers.brokerageDiscountBps })
    .from(engagementStatus)
    .innerJoin(vipTiers, eq(vipTiers.level, engagementStatus.vip))
    .where(inArray(engagementStatus.clientId, clientIds));
  return new Map(rows.map((row) => [row.clientId, row.bps]));
}

/** The funds module's port: the client's tier's daily withdrawal limit, or null. */
export async function dailyWithdrawalLimit(
  executor: Executor,
  clientId: string,
): Promise<bigint | null> {
  const [row] = await executor
    .select({ limit: vipTiers.dailyWithdrawalLimitPaise })
    .from(vipTiers)
    .leftJoin(engagementStatus, eq(engagementStatus.clientId, clientId))
    .where(eq(vipTiers.level, sql`coalesce(${engagementStatus.vip}, 0)`));
  return row?.limit ?? null;
}

/** The tier editor (admin): all six at once, audited; levels are then recomputed. */
export async function saveTiers(
  deps: EngagementDeps,
  input: TVipTier[],
  actor: Actor,
): Promise<TVipTier[]> {
  const saved = await deps.db.transaction(async (tx) => {
    const before = await tiersOf(tx);
    for (const t of input)
      await tx
        .update(vipTiers)
        .set({
          minAssetsPaise: BigInt(t.min_assets_paise),
          brokerageDiscountBps: t.brokerage_discount_bps,
          dailyWithdrawalLimitPaise:
            t.daily_withdrawal_limit_paise === null ? null : BigInt(t.daily_withdrawal_limit_paise),
          updatedAt: deps.clock.now(),
        })
        .where(eq(vipTiers.level, t.level));
    const after = await tiersOf(tx);
    await recordAudit(tx, actor, {
      action: 'engagement.tiers',
      subjectType: 'setting',
      subjectId: 'vip_tiers',
      before,
      after,
    });
    return after;
  });
  void recomputeAll(deps, 'VIP tiers changed').catch((error) =>
    deps.log('tier recompute failed', error),
  );
  return saved;
}
